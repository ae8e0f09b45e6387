CREATE TABLE "org_members" (
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sort_name" text NOT NULL,
	"email" text NOT NULL,
	"added" boolean DEFAULT false NOT NULL,
	"courses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_members_org_id_user_id_pk" PRIMARY KEY("org_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_members_org_name_idx" ON "org_members" USING btree ("org_id","sort_name","user_id") INCLUDE ("email","added","courses");--> statement-breakpoint
CREATE INDEX "org_members_user_id_idx" ON "org_members" USING btree ("user_id");--> statement-breakpoint
-- Students only (role 3): the list shows students, and only students enrol or are added.
CREATE FUNCTION "org_members_enrolled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_members (org_id, user_id, sort_name, email, courses)
  SELECT c.org_id, n.user_id, lower(u.full_name), lower(u.email), count(*)::int
  FROM new_enrolments n
  JOIN courses c ON c.id = n.course_id
  JOIN users u ON u.id = n.user_id AND u.role_id = 3
  GROUP BY c.org_id, n.user_id, u.full_name, u.email
  ON CONFLICT (org_id, user_id) DO UPDATE SET courses = org_members.courses + excluded.courses;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A course with enrolments cannot be deleted (enrolments.course_id restricts), so the course is still
-- there to name its organisation; a deleted user takes their rows with them (the foreign key cascades).
CREATE FUNCTION "org_members_unenrolled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT c.org_id, o.user_id, count(*)::int AS n
    FROM old_enrolments o JOIN courses c ON c.id = o.course_id
    GROUP BY c.org_id, o.user_id
  )
  UPDATE org_members m SET courses = m.courses - gone.n
  FROM gone WHERE m.org_id = gone.org_id AND m.user_id = gone.user_id;
  DELETE FROM org_members m
  USING (SELECT DISTINCT c.org_id, o.user_id FROM old_enrolments o JOIN courses c ON c.id = o.course_id) gone
  WHERE m.org_id = gone.org_id AND m.user_id = gone.user_id AND m.courses <= 0 AND NOT m.added;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "org_members_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_members (org_id, user_id, sort_name, email, added)
  SELECT n.org_id, n.user_id, lower(u.full_name), lower(u.email), true
  FROM new_org_students n JOIN users u ON u.id = n.user_id AND u.role_id = 3
  ON CONFLICT (org_id, user_id) DO UPDATE SET added = true;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "org_members_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE org_members m SET added = false
  FROM old_org_students o WHERE m.org_id = o.org_id AND m.user_id = o.user_id;
  DELETE FROM org_members m
  USING old_org_students o
  WHERE m.org_id = o.org_id AND m.user_id = o.user_id AND m.courses <= 0 AND NOT m.added;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "org_members_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE org_members SET sort_name = lower(NEW.full_name), email = lower(NEW.email) WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "enrolments_org_members_insert" AFTER INSERT ON "enrolments"
  REFERENCING NEW TABLE AS new_enrolments FOR EACH STATEMENT EXECUTE FUNCTION "org_members_enrolled"();
--> statement-breakpoint
CREATE TRIGGER "enrolments_org_members_delete" AFTER DELETE ON "enrolments"
  REFERENCING OLD TABLE AS old_enrolments FOR EACH STATEMENT EXECUTE FUNCTION "org_members_unenrolled"();
--> statement-breakpoint
CREATE TRIGGER "org_students_org_members_insert" AFTER INSERT ON "org_students"
  REFERENCING NEW TABLE AS new_org_students FOR EACH STATEMENT EXECUTE FUNCTION "org_members_added"();
--> statement-breakpoint
CREATE TRIGGER "org_students_org_members_delete" AFTER DELETE ON "org_students"
  REFERENCING OLD TABLE AS old_org_students FOR EACH STATEMENT EXECUTE FUNCTION "org_members_removed"();
--> statement-breakpoint
CREATE TRIGGER "users_org_members_rename" AFTER UPDATE OF "full_name", "email" ON "users"
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION "org_members_renamed"();
--> statement-breakpoint
INSERT INTO org_members (org_id, user_id, sort_name, email, added, courses)
SELECT m.org_id, m.user_id, lower(u.full_name), lower(u.email), bool_or(m.added), sum(m.courses)::int
FROM (
  SELECT org_id, user_id, true AS added, 0 AS courses FROM org_students
  UNION ALL
  SELECT c.org_id, e.user_id, false, count(*)::int FROM enrolments e JOIN courses c ON c.id = e.course_id
  GROUP BY c.org_id, e.user_id
) m
JOIN users u ON u.id = m.user_id AND u.role_id = 3
GROUP BY m.org_id, m.user_id, u.full_name, u.email;
