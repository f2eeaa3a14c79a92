CREATE TABLE "creator_daily_stats" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"new_followers" integer DEFAULT 0 NOT NULL,
	"link_clicks" integer DEFAULT 0 NOT NULL,
	"profile_views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_daily_stats_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "creator_daily_stats" ADD CONSTRAINT "creator_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What the counters already hold, summed per creator and day (profile views have no per-day history to start from).
INSERT INTO "creator_daily_stats" ("user_id", "day", "views", "likes")
SELECT v.user_id, s.day, sum(s.views), sum(s.likes) FROM video_daily_stats s JOIN videos v ON v.id = s.video_id GROUP BY v.user_id, s.day
ON CONFLICT ("user_id", "day") DO UPDATE SET "views" = excluded."views", "likes" = excluded."likes";--> statement-breakpoint
INSERT INTO "creator_daily_stats" ("user_id", "day", "link_clicks")
SELECT l.user_id, c.day, sum(c.count) FROM link_click_daily_counts c JOIN user_links l ON l.id = c.link_id GROUP BY l.user_id, c.day
ON CONFLICT ("user_id", "day") DO UPDATE SET "link_clicks" = excluded."link_clicks";--> statement-breakpoint
INSERT INTO "creator_daily_stats" ("user_id", "day", "new_followers")
SELECT f.model_id, f.created_at::date, count(*) FROM follows f GROUP BY f.model_id, f.created_at::date
ON CONFLICT ("user_id", "day") DO UPDATE SET "new_followers" = excluded."new_followers";
