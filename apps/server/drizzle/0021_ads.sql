CREATE TYPE "public"."ad_campaign_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TYPE "public"."ad_creative_kind" AS ENUM('image', 'video', 'vast');--> statement-breakpoint
CREATE TYPE "public"."ad_placement_type" AS ENUM('display', 'interstitial', 'instream');--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser" text NOT NULL,
	"name" text NOT NULL,
	"status" "ad_campaign_status" DEFAULT 'active' NOT NULL,
	"ended_reason" text,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"daily_cap" integer,
	"total_cap" integer,
	"frequency_cap" integer,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"placements" text[] DEFAULT '{}'::text[] NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaigns_weight_check" CHECK ("ad_campaigns"."weight" between 1 and 1000),
	CONSTRAINT "ad_campaigns_caps_check" CHECK (coalesce("ad_campaigns"."daily_cap", 1) > 0 and coalesce("ad_campaigns"."total_cap", 1) > 0 and coalesce("ad_campaigns"."frequency_cap", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "ad_creatives" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_creatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"kind" "ad_creative_kind" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file" text,
	"duration_seconds" real,
	"click_url" text NOT NULL,
	"vast_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_daily_stats" (
	"day" date NOT NULL,
	"campaign_id" bigint NOT NULL,
	"placement_id" integer NOT NULL,
	"creative_id" bigint NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_stats_day_campaign_id_placement_id_creative_id_pk" PRIMARY KEY("day","campaign_id","placement_id","creative_id")
);
--> statement-breakpoint
CREATE TABLE "ad_events" (
	"decision" text NOT NULL,
	"kind" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_events_decision_kind_pk" PRIMARY KEY("decision","kind")
);
--> statement-breakpoint
CREATE TABLE "ad_placements" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"type" "ad_placement_type" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"signing_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_daily_stats" ADD CONSTRAINT "ad_daily_stats_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_creatives_campaign_idx" ON "ad_creatives" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ad_events_created_idx" ON "ad_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_placements_key_key" ON "ad_placements" USING btree ("key");--> statement-breakpoint
-- The slot catalogue (viewer.md §3): the spec's named placements and the app's other slots, with their numeric ids.
INSERT INTO "ad_placements" ("id", "key", "name", "type", "width", "height") VALUES
	(101, 'right-panel-top', 'Right panel top', 'display', 300, 250),
	(102, 'right-panel-middle', 'Right panel middle', 'display', 300, 250),
	(103, 'right-panel-bottom', 'Right panel bottom', 'display', 300, 250),
	(104, 'video-middle-footer', 'Video middle footer', 'display', 320, 50),
	(105, 'sidebar', 'Left sidebar', 'display', 300, 250),
	(106, 'interstitial', 'Interstitial overlay', 'interstitial', 1600, 900),
	(107, 'instream', 'Instream, between feed videos', 'instream', 1080, 1920);
--> statement-breakpoint
-- The decisions' signing key, made once by the database and shared by every instance.
INSERT INTO "ad_settings" ("id", "signing_key") VALUES (1, encode(sha256((gen_random_uuid()::text || clock_timestamp()::text || random()::text)::bytea), 'hex'));
