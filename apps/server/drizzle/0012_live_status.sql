CREATE TABLE "live_status_pushes" (
	"site_id" bigint NOT NULL,
	"signature" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_status_pushes_site_id_signature_pk" PRIMARY KEY("site_id","signature")
);
--> statement-breakpoint
DROP INDEX "user_links_live_idx";--> statement-breakpoint
ALTER TABLE "user_links" ADD COLUMN "room" text GENERATED ALWAYS AS (lower(split_part(split_part(split_part(regexp_replace(url, '^[a-z][a-z0-9+.-]*://[^/]*/*', '', 'i'), '/', 1), '?', 1), '#', 1))) STORED;--> statement-breakpoint
ALTER TABLE "user_links" ADD COLUMN "live_source" text;--> statement-breakpoint
ALTER TABLE "user_links" ADD COLUMN "live_site_id" bigint;--> statement-breakpoint
ALTER TABLE "user_links" ADD COLUMN "live_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_links" ADD COLUMN "live_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_links" ADD COLUMN "live_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webcam_sites" ADD COLUMN "status_url" text;--> statement-breakpoint
ALTER TABLE "webcam_sites" ADD COLUMN "status_list_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "webcam_sites" ADD COLUMN "status_room_field" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "webcam_sites" ADD COLUMN "status_interval_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "webcam_sites" ADD COLUMN "status_polled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webcam_sites" ADD COLUMN "status_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webcam_sites" ADD COLUMN "status_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webcam_sites" ADD COLUMN "status_error" text;--> statement-breakpoint
ALTER TABLE "webcam_sites" ADD COLUMN "push_secret" text;--> statement-breakpoint
ALTER TABLE "live_status_pushes" ADD CONSTRAINT "live_status_pushes_site_id_webcam_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."webcam_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_status_pushes_received_at_idx" ON "live_status_pushes" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_live_site_id_webcam_sites_id_fk" FOREIGN KEY ("live_site_id") REFERENCES "public"."webcam_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_links_live_site_idx" ON "user_links" USING btree ("live_site_id") WHERE "user_links"."live_source" = 'feed';--> statement-breakpoint
CREATE INDEX "user_links_live_idx" ON "user_links" USING btree ("user_id") WHERE "user_links"."live_source" is not null;--> statement-breakpoint
-- The demo's live links (the only ones so far) become a creator's own "I'm live now", which lasts 4 hours.
UPDATE "user_links" SET "live_source" = 'manual', "live_since" = now(), "live_confirmed_at" = now(), "live_until" = now() + interval '4 hours' WHERE "is_live";--> statement-breakpoint
ALTER TABLE "user_links" DROP COLUMN "is_live";--> statement-breakpoint
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_live_source_check" CHECK ("user_links"."live_source" in ('feed', 'push', 'manual'));--> statement-breakpoint
-- Live status (ADR 0012), read the same way by every query: a link the site's status feed listed is live while
-- the site's last good poll is at most 5 minutes old (LIVE_WINDOW_SECONDS); a pushed or manual one until live_until.
CREATE FUNCTION flick_link_live(source text, until timestamptz, site_id bigint) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
AS $$ select case $1
  when 'feed' then exists (select 1 from public.webcam_sites s where s.id = $3 and s.status_confirmed_at > now() - interval '5 minutes')
  when 'push' then $2 > now()
  when 'manual' then $2 > now()
  else false end $$;
