CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"card_last4" text,
	"capture_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "sandbox_payments_status" CHECK ("sandbox_payments"."status" in ('created', 'approved', 'declined', 'captured'))
);
