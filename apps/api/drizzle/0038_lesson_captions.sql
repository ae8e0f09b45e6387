CREATE TABLE "lesson_captions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_captions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_id" integer NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	"file_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_captions_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
ALTER TABLE "lesson_captions" ADD CONSTRAINT "lesson_captions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_captions_lesson_language_idx" ON "lesson_captions" USING btree ("lesson_id","language");