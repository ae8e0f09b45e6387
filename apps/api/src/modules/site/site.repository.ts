import { ROLE, type SiteFigures, type Testimonial, type TestimonialInput } from '@skillwise/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { siteTestimonials } from '../../db/schema';

/**
 * The installation's figures in one statement, each counting only what anyone may see or what was really
 * done: published courses (drafts are their school's), verified student accounts, certificates issued
 * and not revoked, and the organisations that publish at least one course. Each is a count over an
 * index or a small table, so the landing page's answer stays cheap on a large catalogue.
 */
export async function countSiteFigures(db: Db): Promise<SiteFigures> {
  const [row] = rowsOf<Record<keyof SiteFigures, number | string>>(
    await db.execute(sql`select
      (select count(*) from courses where published) as courses,
      (select count(*) from users where role_id = ${ROLE.STUDENT} and verified) as students,
      (select count(*) from certificates where revoked_at is null) as certificates,
      (select count(distinct org_id) from courses where published) as schools`),
  );
  return {
    courses: Number(row?.courses ?? 0),
    students: Number(row?.students ?? 0),
    certificates: Number(row?.certificates ?? 0),
    schools: Number(row?.schools ?? 0),
  };
}

export type TestimonialRow = typeof siteTestimonials.$inferSelect;

/** The testimonials in the order they were added; `limit` keeps the first ones. */
export async function listTestimonials(db: Db, limit?: number): Promise<TestimonialRow[]> {
  const query = db.select().from(siteTestimonials).orderBy(asc(siteTestimonials.id));
  return limit === undefined ? query : query.limit(limit);
}

export const toTestimonial = (row: TestimonialRow): Testimonial => ({
  quote: row.quote,
  name: row.name,
  role: row.role,
});

export async function insertTestimonial(db: Db, input: TestimonialInput): Promise<TestimonialRow> {
  const [row] = await db.insert(siteTestimonials).values(input).returning();
  if (!row) throw new Error('the testimonial was not saved');
  return row;
}

/** Changes the fields given; answers the row, or undefined when there is none with that id. */
export async function updateTestimonial(
  db: Db,
  id: number,
  changes: Partial<TestimonialInput>,
): Promise<TestimonialRow | undefined> {
  const [row] = await db
    .update(siteTestimonials)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(siteTestimonials.id, id))
    .returning();
  return row;
}

/** Whether a testimonial with that id was there to delete. */
export async function deleteTestimonial(db: Db, id: number): Promise<boolean> {
  const deleted = await db
    .delete(siteTestimonials)
    .where(eq(siteTestimonials.id, id))
    .returning({ id: siteTestimonials.id });
  return deleted.length > 0;
}
