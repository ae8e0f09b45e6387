ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "sandbox_payments" DROP CONSTRAINT "sandbox_payments_status";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_capture_per_course_idx" ON "orders" USING btree ("user_id","course_id") WHERE "orders"."kind" = 'course' and "orders"."status" in ('capturing', 'pending');--> statement-breakpoint
CREATE INDEX "orders_in_flight_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."status" in ('capturing', 'pending');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('created', 'approved', 'capturing', 'pending', 'captured', 'failed', 'refunded'));--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_status" CHECK ("sandbox_payments"."status" in ('created', 'approved', 'declined', 'captured', 'refunded'));