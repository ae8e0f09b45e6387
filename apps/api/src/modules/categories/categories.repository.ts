import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText, pageOfQuery } from '../../db/paging';
import { categories, courses } from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

const columns = {
  id: categories.id,
  orgId: categories.orgId,
  name: categories.name,
  description: categories.description,
  createdBy: categories.createdBy,
  createdAt: categories.createdAt,
  coursesCount: count(courses.id),
};

/** An organisation's categories by name with how many courses use each: one query; searched on the name. */
export async function listCategories(db: Db, orgId: number, list: ListQuery) {
  const where = and(eq(categories.orgId, orgId), containsText(list.search, categories.name));
  const query = db
    .select(columns)
    .from(categories)
    .leftJoin(courses, eq(courses.categoryId, categories.id))
    .where(where)
    .groupBy(categories.id)
    .orderBy(asc(categories.name), asc(categories.id))
    .$dynamic();
  return pageOfQuery(query, list.window, () => db.$count(categories, where));
}

export type CategoryRow = Awaited<ReturnType<typeof listCategories>>['rows'][number];

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
