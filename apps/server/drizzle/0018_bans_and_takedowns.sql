ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
-- The change counter covers banned creators too now (ADR 0013): they are hidden from every viewer.
ALTER SEQUENCE "geo_block_changes" RENAME TO "hidden_creator_changes";--> statement-breakpoint
CREATE INDEX "users_banned_idx" ON "users" ("id") WHERE "banned_at" IS NOT NULL;
