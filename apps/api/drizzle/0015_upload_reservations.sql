CREATE TABLE "upload_reservations" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"resumable" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_reservations_org_expires_idx" ON "upload_reservations" USING btree ("org_id","expires_at");