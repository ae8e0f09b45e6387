DROP INDEX "courses_org_id_idx";--> statement-breakpoint
DROP INDEX "enrolments_course_id_idx";--> statement-breakpoint
CREATE INDEX "orders_org_sales_idx" ON "orders" USING btree ("org_id","captured_at","id") WHERE "orders"."status" = 'captured' and "orders"."kind" = 'course';--> statement-breakpoint
CREATE INDEX "courses_org_id_id_idx" ON "courses" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "enrolments_course_user_idx" ON "enrolments" USING btree ("course_id","user_id");