ALTER TABLE "organisations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_language" CHECK ("organisations"."language" in ('en', 'es', 'ar'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" in ('en', 'es', 'ar'));