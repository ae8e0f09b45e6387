CREATE TABLE "sandbox_refunds" (
	"request_id" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"capture_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "enrolment_revocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrolment_revocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"source" text NOT NULL,
	"order_id" integer,
	"enrolled_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_order_id_unique";--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_reason";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "requested_by" integer;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "removed_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolment_revocations" ADD CONSTRAINT "enrolment_revocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_revocations" ADD CONSTRAINT "enrolment_revocations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_revocations" ADD CONSTRAINT "enrolment_revocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolment_revocations_user_course_idx" ON "enrolment_revocations" USING btree ("user_id","course_id");--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_id_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_request_key_unique" UNIQUE("request_key");--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_reason" CHECK ("order_refunds"."reason" in ('wrong_amount', 'already_owned', 'course_unavailable', 'plan_unavailable', 'declined_meanwhile', 'provider_refund', 'school_refund'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_paid" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."amount_cents" - "orders"."discount_cents");--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_refunded" CHECK ("sandbox_payments"."refunded_cents" between 0 and "sandbox_payments"."amount_cents");--> statement-breakpoint
-- What each sale had given back before: a refund made in the provider's dashboard (one per order until now).
UPDATE "orders" SET "refunded_cents" = least(r."amount_cents", "orders"."amount_cents" - "orders"."discount_cents") FROM "order_refunds" r WHERE r."order_id" = "orders"."id" AND "orders"."captured_at" IS NOT NULL AND r."reason" = 'provider_refund';--> statement-breakpoint
-- A sandbox payment refunded before was refunded whole.
UPDATE "sandbox_payments" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refunded';