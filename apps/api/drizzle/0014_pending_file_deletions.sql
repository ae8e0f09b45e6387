CREATE TABLE "pending_file_deletions" (
	"file_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_file_deletions_queued_at_idx" ON "pending_file_deletions" USING btree ("queued_at");--> statement-breakpoint
-- A stored file is deleted only after the change that stopped naming it has committed, and only once no
-- backup running meanwhile can still need it (the file sweeper waits FILE_DELETE_GRACE_HOURS). Each
-- table's triggers queue the key its row named, in the change's own transaction, whatever made the
-- change: an edit, a delete, or a cascade from a section or course. From then on the file no longer
-- counts against its organisation's storage (stored_files).
CREATE FUNCTION "queue_file_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone text := to_jsonb(OLD) ->> TG_ARGV[0];
BEGIN
  INSERT INTO pending_file_deletions (file_key) VALUES (gone)
  ON CONFLICT (file_key) DO UPDATE SET queued_at = excluded.queued_at;
  DELETE FROM stored_files WHERE file_key = gone;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lessons_file_replaced" AFTER UPDATE OF "file_key" ON "lessons"
  FOR EACH ROW WHEN (OLD.file_key IS NOT NULL AND OLD.file_key IS DISTINCT FROM NEW.file_key)
  EXECUTE FUNCTION "queue_file_deletion"('file_key');
--> statement-breakpoint
CREATE TRIGGER "lessons_file_deleted" AFTER DELETE ON "lessons"
  FOR EACH ROW WHEN (OLD.file_key IS NOT NULL) EXECUTE FUNCTION "queue_file_deletion"('file_key');
--> statement-breakpoint
CREATE TRIGGER "courses_image_replaced" AFTER UPDATE OF "image_key" ON "courses"
  FOR EACH ROW WHEN (OLD.image_key IS NOT NULL AND OLD.image_key IS DISTINCT FROM NEW.image_key)
  EXECUTE FUNCTION "queue_file_deletion"('image_key');
--> statement-breakpoint
CREATE TRIGGER "courses_image_deleted" AFTER DELETE ON "courses"
  FOR EACH ROW WHEN (OLD.image_key IS NOT NULL) EXECUTE FUNCTION "queue_file_deletion"('image_key');
--> statement-breakpoint
CREATE TRIGGER "authors_photo_replaced" AFTER UPDATE OF "photo_key" ON "authors"
  FOR EACH ROW WHEN (OLD.photo_key IS NOT NULL AND OLD.photo_key IS DISTINCT FROM NEW.photo_key)
  EXECUTE FUNCTION "queue_file_deletion"('photo_key');
--> statement-breakpoint
CREATE TRIGGER "authors_photo_deleted" AFTER DELETE ON "authors"
  FOR EACH ROW WHEN (OLD.photo_key IS NOT NULL) EXECUTE FUNCTION "queue_file_deletion"('photo_key');
