CREATE TABLE "contests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_daily_counts" (
	"day" date NOT NULL,
	"event_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_daily_counts_day_event_id_pk" PRIMARY KEY("day","event_id")
);
--> statement-breakpoint
CREATE TABLE "feed_snapshots" (
	"epoch" bigint NOT NULL,
	"list" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"size" integer NOT NULL,
	"video_ids" "bytea" NOT NULL,
	"owner_ids" "bytea" NOT NULL,
	"genders" "bytea" NOT NULL,
	CONSTRAINT "feed_snapshots_epoch_list_pk" PRIMARY KEY("epoch","list")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_model_id_pk" PRIMARY KEY("follower_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "link_click_daily_counts" (
	"day" date NOT NULL,
	"link_id" bigint NOT NULL,
	"location" text NOT NULL,
	"is_live" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_click_daily_counts_day_link_id_location_is_live_pk" PRIMARY KEY("day","link_id","location","is_live")
);
--> statement-breakpoint
CREATE TABLE "user_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"site" text NOT NULL,
	"is_live" boolean DEFAULT false NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_daily_stats" (
	"video_id" bigint NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_stats_day_video_id_pk" PRIMARY KEY("day","video_id")
);
--> statement-breakpoint
CREATE TABLE "video_likes" (
	"viewer_key" text NOT NULL,
	"video_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_likes_viewer_key_video_id_pk" PRIMARY KEY("viewer_key","video_id")
);
--> statement-breakpoint
CREATE TABLE "video_ratings" (
	"user_id" bigint NOT NULL,
	"video_id" bigint NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_ratings_user_id_video_id_pk" PRIMARY KEY("user_id","video_id"),
	CONSTRAINT "video_ratings_rating_check" CHECK ("video_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "video_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"video_id" bigint NOT NULL,
	"user_id" bigint,
	"guest_id" text,
	"email" text,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_views" (
	"video_id" bigint NOT NULL,
	"viewer_key" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_views_video_id_viewer_key_pk" PRIMARY KEY("video_id","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "followers_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "watch_seconds" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "completions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "rating_sum" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "rating_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_model_id_users_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_click_daily_counts" ADD CONSTRAINT "link_click_daily_counts_link_id_user_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."user_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_daily_stats" ADD CONSTRAINT "video_daily_stats_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_likes" ADD CONSTRAINT "video_likes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contests_user_id_idx" ON "contests" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "feed_snapshots_built_at_idx" ON "feed_snapshots" USING btree ("built_at");--> statement-breakpoint
CREATE INDEX "follows_model_id_idx" ON "follows" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "user_links_user_id_idx" ON "user_links" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "user_links_site_idx" ON "user_links" USING btree ("site");--> statement-breakpoint
CREATE INDEX "video_likes_video_id_idx" ON "video_likes" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_reports_video_id_idx" ON "video_reports" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_reports_open_idx" ON "video_reports" USING btree ("created_at") WHERE "video_reports"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "video_views_counted_at_idx" ON "video_views" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "tags_slug_prefix_idx" ON "tags" USING btree ("slug" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "videos_user_published_idx" ON "videos" USING btree ("user_id","upload_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "videos"."status" = 'approved' and "videos"."details_at" is not null;