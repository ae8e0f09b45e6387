import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText, pageOfQuery } from '../../db/paging';
import { authors, courses } from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

const columns = {
  id: authors.id,
  orgId: authors.orgId,
  firstName: authors.firstName,
  lastName: authors.lastName,
  gender: authors.gender,
  email: authors.email,
  phone: authors.phone,
  bio: authors.bio,
  photoKey: authors.photoKey,
  createdAt: authors.createdAt,
  coursesCount: count(courses.id),
};

/**
 * An organisation's authors in id order with how many courses show each: one query; searched on the first
 * name, the last name, the full name and the e-mail address.
 */
export async function listAuthors(db: Db, orgId: number, list: ListQuery) {
  const where = and(
    eq(authors.orgId, orgId),
    containsText(list.search, sql`${authors.firstName} || ' ' || ${authors.lastName}`, authors.email),
  );
  const query = db
    .select(columns)
    .from(authors)
    .leftJoin(courses, eq(courses.authorId, authors.id))
    .where(where)
    .groupBy(authors.id)
    .orderBy(asc(authors.id))
    .$dynamic();
  return pageOfQuery(query, list.window, () => db.$count(authors, where));
}

export type AuthorRow = Awaited<ReturnType<typeof listAuthors>>['rows'][number];

export async function findAuthor(db: Db, orgId: number, id: number): Promise<AuthorRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(authors)
    .leftJoin(courses, eq(courses.authorId, authors.id))
    .where(and(eq(authors.id, id), eq(authors.orgId, orgId)))
    .groupBy(authors.id);
  return row;
}

export async function insertAuthor(db: Db, values: typeof authors.$inferInsert) {
  const [row] = await db.insert(authors).values(values).returning({ id: authors.id });
  if (!row) throw new Error('insert authors returned no row');
  return row.id;
}

export async function updateAuthor(
  db: Db,
  orgId: number,
  id: number,
  values: Partial<Omit<typeof authors.$inferInsert, 'id' | 'orgId'>>,
) {
  await db
    .update(authors)
    .set(values)
    .where(and(eq(authors.id, id), eq(authors.orgId, orgId)));
}

export async function deleteAuthor(db: Db, orgId: number, id: number) {
  await db.delete(authors).where(and(eq(authors.id, id), eq(authors.orgId, orgId)));
}
