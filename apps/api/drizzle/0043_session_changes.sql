-- A change to what the session reader answers (a session ended or changed; an account's e-mail, name,
-- role, school, team role or verification) is announced on the channel `session_changes`, with the
-- account's id, when the connection asks for it (`skillwise.session_notices` on): the embedded server
-- keeps the sessions it read and forgets them on these notices (docs/decisions/055). A PostgreSQL
-- server's connections do not ask, so nothing is sent there.
CREATE FUNCTION "session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('skillwise.session_notices', true), '') = 'on' THEN
    IF TG_LEVEL = 'STATEMENT' THEN
      PERFORM pg_notify('session_changes', '*');
    ELSIF TG_TABLE_NAME = 'users' THEN
      PERFORM pg_notify('session_changes', OLD.id::text);
    ELSE
      PERFORM pg_notify('session_changes', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "session_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_session_fields_changed"
  AFTER UPDATE OF "email", "full_name", "role_id", "org_id", "team_role", "verified" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "session_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed"();
