-- Retention (issue 31, modules/retention/retention-policy.ts). Each partial index holds only the rows the
-- hourly retention job has still to change, so a run reads what it changes and not every row done before.
-- Reports: an address not yet cut to its network, or a guest id not yet removed.
CREATE INDEX IF NOT EXISTS "video_reports_identifying_idx" ON "video_reports" USING btree ("created_at") WHERE strpos("client_ip", '/') = 0 OR "guest_id" IS NOT NULL;
--> statement-breakpoint
-- Support messages: an address not yet cut, or a browser not yet removed.
CREATE INDEX IF NOT EXISTS "contact_messages_identifying_idx" ON "contact_messages" USING btree ("created_at") WHERE strpos("client_ip", '/') = 0 OR "user_agent" IS NOT NULL;
--> statement-breakpoint
-- Searches that still say who made them.
CREATE INDEX IF NOT EXISTS "searches_identifying_idx" ON "searches" USING btree ("created_at") WHERE "user_id" IS NOT NULL OR "guest_id" IS NOT NULL;
--> statement-breakpoint
-- Guests' likes by age (an account's likes are kept while the account is).
CREATE INDEX IF NOT EXISTS "video_likes_guest_created_idx" ON "video_likes" USING btree ("created_at") WHERE "viewer_key" LIKE 'g%';
--> statement-breakpoint
-- The privacy policy now states these retentions. Seeding never overwrites a page (pages.service.ts), so the
-- shipped policy is taken out here where no admin ever edited it, and the start's seeding puts the new one in.
-- An edited policy is kept: its admin brings the retention section over from modules/pages/content/policy.html.
DELETE FROM "pages" WHERE "slug" = 'policy' AND NOT EXISTS (SELECT 1 FROM "admin_audit" WHERE "target_type" = 'page' AND "after"->>'slug' = 'policy');
