-- A video lesson's file, however it was stored (any upload path, a replacement, a restore), queues its
-- job in the same transaction (docs/decisions/041). A file replaced or removed cancels the jobs of the
-- one before and deletes what was made from it; a deleted lesson's jobs and copies go with it (cascade).
CREATE FUNCTION "video_file_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE video_jobs SET state = 'cancelled', updated_at = now()
      WHERE lesson_id = NEW.id AND state IN ('queued', 'running') AND source_key IS DISTINCT FROM NEW.file_key;
    DELETE FROM video_assets WHERE lesson_id = NEW.id AND source_key IS DISTINCT FROM NEW.file_key;
  END IF;
  IF NEW.file_key IS NOT NULL AND NEW.file_mime LIKE 'video/%' THEN
    INSERT INTO video_jobs (lesson_id, source_key) VALUES (NEW.id, NEW.file_key);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lessons_video_stored" AFTER INSERT ON "lessons"
  FOR EACH ROW WHEN (NEW.file_key IS NOT NULL AND NEW.file_mime LIKE 'video/%')
  EXECUTE FUNCTION "video_file_changed"();
--> statement-breakpoint
CREATE TRIGGER "lessons_video_replaced" AFTER UPDATE OF "file_key" ON "lessons"
  FOR EACH ROW WHEN (OLD.file_key IS DISTINCT FROM NEW.file_key)
  EXECUTE FUNCTION "video_file_changed"();
--> statement-breakpoint
-- A streaming copy or poster no longer named is deleted after the grace period, as every stored file is.
CREATE TRIGGER "video_assets_deleted" AFTER DELETE ON "video_assets"
  FOR EACH ROW EXECUTE FUNCTION "queue_file_deletion"('file_key');
--> statement-breakpoint
-- Video lessons stored before: each gets its job.
INSERT INTO "video_jobs" ("lesson_id", "source_key")
  SELECT "id", "file_key" FROM "lessons" WHERE "file_key" IS NOT NULL AND "file_mime" LIKE 'video/%';
