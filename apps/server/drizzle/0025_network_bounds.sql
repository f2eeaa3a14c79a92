CREATE TABLE "link_click_viewers" (
	"day" date NOT NULL,
	"link_id" bigint NOT NULL,
	"viewer_key" text NOT NULL,
	CONSTRAINT "link_click_viewers_day_link_id_viewer_key_pk" PRIMARY KEY("day","link_id","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "network_daily_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"network" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "network_daily_counts_day_kind_subject_id_network_pk" PRIMARY KEY("day","kind","subject_id","network")
);
--> statement-breakpoint
ALTER TABLE "video_likes" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;