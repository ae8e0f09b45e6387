CREATE TABLE "plan_subscriptions" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"plan_price_id" integer NOT NULL,
	"next_plan_price_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"buyer_user_id" integer,
	"grace_ends_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_until" timestamp with time zone,
	"provider" text NOT NULL,
	"source_order_id" text,
	"card_token" text,
	"card_last4" text,
	"renewal_reminded_for" timestamp with time zone,
	"expiry_reminded_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_subscriptions_status" CHECK ("plan_subscriptions"."status" in ('active', 'cancelling', 'past_due', 'lapsed')),
	CONSTRAINT "plan_subscriptions_grace" CHECK ("plan_subscriptions"."status" <> 'past_due' or "plan_subscriptions"."grace_ends_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"last4" text NOT NULL,
	"declines" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "kind" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_plan_price_id_plan_prices_id_fk" FOREIGN KEY ("plan_price_id") REFERENCES "public"."plan_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_next_plan_price_id_plan_prices_id_fk" FOREIGN KEY ("next_plan_price_id") REFERENCES "public"."plan_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_subscriptions_due_idx" ON "plan_subscriptions" USING btree ("next_attempt_at") WHERE "plan_subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_card_token_sandbox_cards_token_fk" FOREIGN KEY ("card_token") REFERENCES "public"."sandbox_cards"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_kind" CHECK ("subscriptions"."kind" in ('paid', 'grace'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('enrolled', 'purchased', 'lesson_published', 'certificate_issued', 'sale', 'new_student', 'refunded', 'plan'));