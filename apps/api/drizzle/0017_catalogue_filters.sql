CREATE INDEX "categories_lower_name_idx" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "courses_published_created_idx" ON "courses" USING btree ("published","created_at","id");--> statement-breakpoint
CREATE INDEX "courses_published_price_idx" ON "courses" USING btree ("published","price_cents","id");