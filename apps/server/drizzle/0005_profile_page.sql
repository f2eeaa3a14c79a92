CREATE TABLE "profile_views" (
	"profile_id" bigint NOT NULL,
	"viewer_key" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_views_profile_id_viewer_key_pk" PRIMARY KEY("profile_id","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_views_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_views_counted_at_idx" ON "profile_views" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "follows_follower_created_idx" ON "follows" USING btree ("follower_id","created_at" DESC NULLS LAST,"model_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_likes_viewer_created_idx" ON "video_likes" USING btree ("viewer_key","created_at" DESC NULLS LAST,"video_id" DESC NULLS LAST);