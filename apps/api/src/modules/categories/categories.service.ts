import type { Category, Paged } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import { type ListQuery, mapPage } from '../../lib/paging';
import {
  type CategoryRow,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  updateCategory,
} from './categories.repository';

const toCategory = (row: CategoryRow): Category => ({
  category_Id: row.id,
  category_name: row.name,
  category_description: row.description,
  org_Id: row.orgId,
  created_by: row.createdBy,
  created_date: row.createdAt.toISOString(),
  courses_count: row.coursesCount,
});

/** coursecategory/*: always within the caller's organisation. */
export class CategoryService {
  constructor(private readonly deps: { db: Db }) {}

  async list(orgId: number, list: ListQuery): Promise<Paged<Category>> {
    return mapPage(await listCategories(this.deps.db, orgId, list), toCategory);
  }

  async get(orgId: number, id: number): Promise<Category> {
    const row = await findCategory(this.deps.db, orgId, id);
    if (!row) throw notFound('Category');
    return toCategory(row);
  }

  async create(
    orgId: number,
    userId: number,
    input: { name: string; description: string },
  ): Promise<Category> {
    const id = await insertCategory(this.deps.db, { orgId, createdBy: userId, ...input });
    return this.get(orgId, id);
  }

  async update(orgId: number, id: number, input: { name: string; description: string }): Promise<Category> {
    await this.get(orgId, id);
    await updateCategory(this.deps.db, orgId, id, input);
    return this.get(orgId, id);
  }

  /** A category still used by a course is kept: its courses would lose their category. */
  async delete(orgId: number, id: number): Promise<{ message: string }> {
    const category = await this.get(orgId, id);
    if (category.courses_count > 0) {
      throw new AppError(
        'CONFLICT',
        `This category is used by ${category.courses_count} course${category.courses_count === 1 ? '' : 's'}; move ${category.courses_count === 1 ? 'it' : 'them'} to another category first.`,
      );
    }
    try {
      await deleteCategory(this.deps.db, orgId, id);
    } catch (error) {
      // A course created since the check above holds it (foreign key 23503, wrapped by Drizzle).
      if (isForeignKeyViolation(error)) {
        throw new AppError(
          'CONFLICT',
          'This category is used by a course; move it to another category first.',
        );
      }
      throw error;
    }
    return { message: 'Deleted successfully!' };
  }
}
