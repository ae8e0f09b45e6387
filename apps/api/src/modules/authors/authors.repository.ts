import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authors, courses } from '../../db/schema';

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

export async function listAuthors(db: Db, orgId: number) {
  return db
    .select(columns)
    .from(authors)
    .leftJoin(courses, eq(courses.authorId, authors.id))
    .where(eq(authors.orgId, orgId))
    .groupBy(authors.id)
    .orderBy(asc(authors.id));
}

export type AuthorRow = Awaited<ReturnType<typeof listAuthors>>[number];

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

export async function deleteAuthor(db: Db, orgId: number, id: number) {
  await db.delete(authors).where(and(eq(authors.id, id), eq(authors.orgId, orgId)));
}
