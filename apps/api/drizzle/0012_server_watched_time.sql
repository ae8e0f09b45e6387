ALTER TABLE "lesson_progress" ADD COLUMN "position_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watched" "int4multirange" DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "slack_seconds" double precision DEFAULT 0 NOT NULL;