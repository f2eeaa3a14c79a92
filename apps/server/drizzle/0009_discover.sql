CREATE TABLE "webcam_sites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webcam_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"hosts" text[] NOT NULL,
	"icon" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webcam_sites_slug_check" CHECK ("webcam_sites"."slug" ~ '^[a-z0-9][a-z0-9-]{0,39}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webcam_sites_slug_key" ON "webcam_sites" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "user_links_live_idx" ON "user_links" USING btree ("user_id") WHERE "user_links"."is_live";--> statement-breakpoint
CREATE INDEX "users_newest_creators_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."type" = 'model' and "users"."is_verified" = 'approved';--> statement-breakpoint
-- A few well-known sites on first start (a migration runs once, so an admin's removals stay removed); their icons are drawn until an admin adds a file.
INSERT INTO "webcam_sites" ("slug", "name", "hosts", "position") VALUES
	('chaturbate', 'Chaturbate', ARRAY['chaturbate.com'], 1),
	('stripchat', 'Stripchat', ARRAY['stripchat.com'], 2),
	('bongacams', 'BongaCams', ARRAY['bongacams.com'], 3),
	('camsoda', 'CamSoda', ARRAY['camsoda.com'], 4),
	('myfreecams', 'MyFreeCams', ARRAY['myfreecams.com'], 5),
	('cam4', 'CAM4', ARRAY['cam4.com'], 6);
