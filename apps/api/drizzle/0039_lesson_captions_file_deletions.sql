-- A captions file goes as every other stored file goes (migration 0014): queued for deletion, and no
-- longer counted against its school's storage, by the change that stopped naming it, in its own
-- transaction: a file replaced by a new upload of its language, a captions row removed, or the rows a
-- deleted lesson (or its section, or its course) takes with it.
CREATE TRIGGER "lesson_captions_file_replaced" AFTER UPDATE OF "file_key" ON "lesson_captions"
  FOR EACH ROW WHEN (OLD.file_key IS DISTINCT FROM NEW.file_key)
  EXECUTE FUNCTION "queue_file_deletion"('file_key');
--> statement-breakpoint
CREATE TRIGGER "lesson_captions_file_deleted" AFTER DELETE ON "lesson_captions"
  FOR EACH ROW EXECUTE FUNCTION "queue_file_deletion"('file_key');
