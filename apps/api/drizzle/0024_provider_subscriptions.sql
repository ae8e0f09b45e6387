ALTER TABLE "plan_subscriptions" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_provider_subscription_idx" ON "plan_subscriptions" USING btree ("provider_subscription_id");