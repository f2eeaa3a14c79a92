CREATE TYPE "public"."performer_kind" AS ENUM('creator', 'release');--> statement-breakpoint
CREATE TYPE "public"."performer_status" AS ENUM('pending', 'approved', 'refused', 'withdrawn');--> statement-breakpoint
CREATE TABLE "video_declarations" (
	"video_id" bigint PRIMARY KEY NOT NULL,
	"only_me" boolean NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_performers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_performers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"video_id" bigint NOT NULL,
	"kind" "performer_kind" NOT NULL,
	"user_id" bigint,
	"display_name" text NOT NULL,
	"status" "performer_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"legal_name" text,
	"stage_names" text[],
	"date_of_birth" date,
	"filmed_on" date,
	"identification" text,
	"identification_id" text,
	"country" text,
	"files" text[],
	"consent_filming" boolean,
	"consent_publication" boolean,
	"signature_name" text,
	"signed_on" date,
	"consent_version" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" bigint
);
--> statement-breakpoint
ALTER TABLE "video_declarations" ADD CONSTRAINT "video_declarations_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_performers" ADD CONSTRAINT "video_performers_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_performers" ADD CONSTRAINT "video_performers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_performers" ADD CONSTRAINT "video_performers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_performers_video_id_idx" ON "video_performers" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_performers_video_user_key" ON "video_performers" USING btree ("video_id","user_id") WHERE "video_performers"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "video_performers_user_idx" ON "video_performers" USING btree ("user_id","id" DESC NULLS LAST) WHERE "video_performers"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "video_performers_releases_idx" ON "video_performers" USING btree ("kind","status","requested_at");