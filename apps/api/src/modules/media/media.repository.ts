import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { authors, courses } from '../../db/schema';

/** True when the key names a course cover or an author photo: the only files served publicly. */
export async function isPublicImage(db: Db, key: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${courses} where ${courses.imageKey} = ${key}
    union all
    select 1 from ${authors} where ${authors.photoKey} = ${key}
    limit 1`);
  return rowsOf(result).length > 0;
}
