CREATE INDEX "authors_photo_key_idx" ON "authors" USING btree ("photo_key");--> statement-breakpoint
CREATE INDEX "courses_image_key_idx" ON "courses" USING btree ("image_key");