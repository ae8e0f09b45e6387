CREATE TABLE "refund_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outside_because" text NOT NULL,
	"answer" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"refund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_status" CHECK ("refund_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_reason";--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "refund_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "refund_max_progress_percent" integer;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_one_pending_idx" ON "refund_requests" USING btree ("order_id") WHERE "refund_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refund_requests_order_idx" ON "refund_requests" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "refund_requests_org_idx" ON "refund_requests" USING btree ("org_id","status","created_at");--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_refund_window" CHECK ("organisations"."refund_window_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_refund_progress" CHECK ("organisations"."refund_max_progress_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_reason" CHECK ("order_refunds"."reason" in ('wrong_amount', 'already_owned', 'course_unavailable', 'plan_unavailable', 'declined_meanwhile', 'provider_refund', 'school_refund', 'guarantee'));