import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, courses } from '../../db/schema';

const columns = {
  id: categories.id,
  orgId: categories.orgId,
  name: categories.name,
  description: categories.description,
  createdBy: categories.createdBy,
  createdAt: categories.createdAt,
  coursesCount: count(courses.id),
};

/** An organisation's categories with how many courses use each: one query. */
export async function listCategories(db: Db, orgId: number) {
  return db
    .select(columns)
    .from(categories)
    .leftJoin(courses, eq(courses.categoryId, categories.id))
    .where(eq(categories.orgId, orgId))
    .groupBy(categories.id)
    .orderBy(asc(categories.name), asc(categories.id));
}

export type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number];

export async function findCategory(db: Db, orgId: number, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(categories)
    .leftJoin(courses, eq(courses.categoryId, categories.id))
    .where(and(eq(categories.id, id), eq(categories.orgId, orgId)))
    .groupBy(categories.id);
  return row;
}

export async function insertCategory(db: Db, values: typeof categories.$inferInsert) {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  if (!row) throw new Error('insert categories returned no row');
  return row.id;
}

export async function updateCategory(
  db: Db,
  orgId: number,
  id: number,
  values: { name: string; description: string },
) {
  await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(categories.id, id), eq(categories.orgId, orgId)));
}

export async function deleteCategory(db: Db, orgId: number, id: number) {
  await db.delete(categories).where(and(eq(categories.id, id), eq(categories.orgId, orgId)));
}
