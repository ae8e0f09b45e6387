ALTER TABLE "plan_subscriptions" ADD COLUMN "subscription_provider" text;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD COLUMN "subscription_approve_url" text;--> statement-breakpoint
-- Every subscription recorded before this migration is a Stripe one (docs/decisions/027).
UPDATE "plan_subscriptions" SET "subscription_provider" = 'stripe' WHERE "provider_subscription_id" IS NOT NULL;