import type { Locale, Paged } from '@skillwise/contracts';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { containsText, pageOfQuery } from '../../db/paging';
import { courseCompletion, isCompleted } from '../../db/queries/completion';
import { certificates, courses, organisations, users } from '../../db/schema';
import { recipientLocale } from '../../lib/i18n';
import type { ListQuery } from '../../lib/paging';

export type CertificateRow = typeof certificates.$inferSelect;

/**
 * Issues the student's certificate of the course in one statement, if and only if the course's
 * certificate flag is yes and the student has completed it (db/queries/completion.ts: a course with no
 * published lesson earns nothing). What the certificate says is copied from the rows as they are now.
 * The unique index on (user, course) makes a second issue (a retried or concurrent completion) a no-op.
 * Answers the new certificate's id, or undefined when nothing was issued.
 */
export async function issueCertificate(
  db: Db,
  values: { number: string; userId: number; courseId: number },
): Promise<number | undefined> {
  const { number, userId, courseId } = values;
  // A certificate revoked while it kept its owner (by a refund before revoking let go of it) gives way
  // to the new one: it belongs to nobody and its number keeps answering "revoked".
  await db
    .update(certificates)
    .set({ userId: null })
    .where(
      and(
        eq(certificates.userId, userId),
        eq(certificates.courseId, courseId),
        isNotNull(certificates.revokedAt),
      ),
    );
  const result = await db.execute(sql`
    insert into certificates (number, user_id, course_id, student_name, course_title, org_name, author_name)
    select ${number}, u.id, c.id, u.full_name, c.title, o.name, trim(a.first_name || ' ' || a.last_name)
    from courses c
    join organisations o on o.id = c.org_id
    join authors a on a.id = c.author_id
    join users u on u.id = ${userId}
    where c.id = ${courseId}
      and c.certificate
      and exists (
        select 1 from (${courseCompletion(userId, sql`${courseId}::int`)}) cc where ${isCompleted('cc')})
    on conflict (user_id, course_id) do nothing
    returning id`);
  const [row] = rowsOf<{ id: number }>(result);
  return row ? Number(row.id) : undefined;
}

/** Whether the student holds the course's certificate, not revoked (one indexed lookup). */
export async function hasCertificate(db: Db, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(
        eq(certificates.userId, userId),
        eq(certificates.courseId, courseId),
        isNull(certificates.revokedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findCertificateById(db: Db, id: number): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

/** A certificate by its public number. */
export async function findCertificateByNumber(db: Db, number: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.number, number));
  return row;
}

/**
 * A student's certificates not revoked (or its certificate of one course), newest first with the id breaking ties,
 * searched on the course title. A student has few: the (user, course) index finds them, and they are
 * sorted in memory.
 */
export async function listUserCertificates(
  db: Db,
  userId: number,
  list: ListQuery,
  courseId?: number,
): Promise<Paged<CertificateRow>> {
  const where = and(
    eq(certificates.userId, userId),
    isNull(certificates.revokedAt),
    courseId === undefined ? undefined : eq(certificates.courseId, courseId),
    containsText(list.search, certificates.courseTitle),
  );
  const query = db
    .select()
    .from(certificates)
    .where(where)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .$dynamic();
  return pageOfQuery(query, list.window, () => db.$count(certificates, where));
}

export type CourseCertificateRow = {
  number: string;
  userId: number;
  studentName: string;
  email: string;
  issuedAt: Date;
};

/**
 * Who earned a course's certificate, newest first (a read of certificates_course_issued_idx), searched on
 * the name on the certificate and the student's e-mail. Revoked certificates belong to nobody any more
 * (their user_id is null) and the join leaves them out.
 */
export async function listCourseCertificates(
  db: Db,
  courseId: number,
  list: ListQuery,
): Promise<Paged<CourseCertificateRow>> {
  const where = and(
    eq(certificates.courseId, courseId),
    containsText(list.search, certificates.studentName, users.email),
  );
  const query = db
    .select({
      number: certificates.number,
      userId: users.id,
      studentName: certificates.studentName,
      email: users.email,
      issuedAt: certificates.issuedAt,
    })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(where)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .$dynamic();
  return pageOfQuery(query, list.window, async () => {
    const [row] = await db
      .select({ n: count() })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .where(where);
    return row?.n ?? 0;
  });
}

/**
 * The language a certificate is written in (docs/decisions/047): its student's, else the school's of the
 * course; English when neither is known.
 */
export async function certificateLanguage(
  db: Db,
  row: Pick<CertificateRow, 'userId' | 'courseId'>,
): Promise<Locale> {
  const [found] = await db
    .select({ school: organisations.language })
    .from(courses)
    .innerJoin(organisations, eq(organisations.id, courses.orgId))
    .where(eq(courses.id, row.courseId));
  const [person] =
    row.userId === null
      ? []
      : await db.select({ language: users.language }).from(users).where(eq(users.id, row.userId));
  return recipientLocale(person?.language, found?.school);
}
