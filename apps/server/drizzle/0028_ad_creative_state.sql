CREATE TYPE "public"."ad_creative_state" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD COLUMN "state" "ad_creative_state" DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD COLUMN "failure" text;