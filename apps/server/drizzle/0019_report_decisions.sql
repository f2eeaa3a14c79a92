ALTER TABLE "video_reports" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "video_reports" ADD COLUMN "handled_by" bigint;--> statement-breakpoint
ALTER TABLE "video_reports" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Videos hidden in the last minutes: every instance filters answers it cached before (issue 15).
CREATE INDEX "videos_hidden_at_idx" ON "videos" ("hidden_at") WHERE "hidden_reason" IS NOT NULL;
