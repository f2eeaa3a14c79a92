CREATE TYPE "public"."video_hold_kind" AS ENUM('co-performers', 'matches-removed', 'matches-published', 'hash-list');--> statement-breakpoint
CREATE TABLE "video_holds" (
	"video_id" bigint NOT NULL,
	"kind" "video_hold_kind" NOT NULL,
	"reason" text NOT NULL,
	"matched_video_id" bigint,
	"urgent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" bigint,
	CONSTRAINT "video_holds_video_id_kind_pk" PRIMARY KEY("video_id","kind")
);
--> statement-breakpoint
ALTER TABLE "video_holds" ADD CONSTRAINT "video_holds_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_holds" ADD CONSTRAINT "video_holds_matched_video_id_videos_id_fk" FOREIGN KEY ("matched_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_holds" ADD CONSTRAINT "video_holds_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_holds_open_idx" ON "video_holds" USING btree ("urgent" DESC NULLS LAST,"created_at") WHERE "video_holds"."released_at" is null;