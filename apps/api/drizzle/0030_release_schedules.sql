ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "lessons_in_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "release_mode" text DEFAULT 'immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "release_days" integer;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "release_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "release_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "quiz_questions_image_key_idx" ON "quiz_questions" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "sections_scheduled_idx" ON "sections" USING btree ("id") WHERE "sections"."release_mode" <> 'immediately';--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_release_mode" CHECK ("sections"."release_mode" in ('immediately', 'on_date', 'after_days'));--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_release_days" CHECK ("sections"."release_days" is null or "sections"."release_days" between 0 and 3650);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('enrolled', 'purchased', 'lesson_published', 'certificate_issued', 'sale', 'new_student', 'refunded', 'plan', 'quiz_graded', 'section_opened'));