CREATE TABLE "video_assets" (
	"file_key" text PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"kind" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bandwidth" integer,
	"average_bandwidth" integer,
	"codecs" text,
	"frame_rate" double precision,
	"playlist" text,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"error" text,
	"renditions" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_assets" ADD CONSTRAINT "video_assets_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_assets_lesson_idx" ON "video_assets" USING btree ("lesson_id","source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "video_assets_kind_size_idx" ON "video_assets" USING btree ("lesson_id","source_key","kind","width","height");--> statement-breakpoint
CREATE INDEX "video_jobs_lesson_idx" ON "video_jobs" USING btree ("lesson_id","source_key");--> statement-breakpoint
CREATE INDEX "video_jobs_open_idx" ON "video_jobs" USING btree ("id") WHERE "video_jobs"."state" in ('queued', 'running');