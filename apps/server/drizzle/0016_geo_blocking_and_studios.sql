CREATE TABLE "geo_blocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "geo_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"country_code" text NOT NULL,
	"region_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geo_blocks_country_check" CHECK ("geo_blocks"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "geo_blocks_region_check" CHECK ("geo_blocks"."region_code" is null or "geo_blocks"."region_code" ~ '^[A-Z0-9]{1,3}$')
);
--> statement-breakpoint
CREATE TABLE "studio_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "studio_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"studio_id" bigint NOT NULL,
	"manager_id" bigint,
	"member_id" bigint,
	"action" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_managers" (
	"studio_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_managers_studio_id_user_id_pk" PRIMARY KEY("studio_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "studios" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "studios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"join_key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key_rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "studio_id" bigint;--> statement-breakpoint
ALTER TABLE "geo_blocks" ADD CONSTRAINT "geo_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_actions" ADD CONSTRAINT "studio_actions_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_actions" ADD CONSTRAINT "studio_actions_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_actions" ADD CONSTRAINT "studio_actions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_managers" ADD CONSTRAINT "studio_managers_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_managers" ADD CONSTRAINT "studio_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "geo_blocks_user_place_key" ON "geo_blocks" USING btree ("user_id","country_code",coalesce("region_code", ''));--> statement-breakpoint
CREATE INDEX "studio_actions_studio_idx" ON "studio_actions" USING btree ("studio_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "studio_managers_user_id_idx" ON "studio_managers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "studios_join_key_hash_key" ON "studios" USING btree ("join_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "studios_name_lower_key" ON "studios" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Counts changes to geo_blocks: an instance reloads its index when last_value moved (ADR 0013).
CREATE SEQUENCE "geo_block_changes";--> statement-breakpoint
CREATE INDEX "users_studio_id_idx" ON "users" ("studio_id") WHERE "studio_id" IS NOT NULL;
