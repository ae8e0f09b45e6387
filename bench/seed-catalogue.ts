// Loads N published courses (each with an author, a category, two sections and four lessons) into a
// database for bench/catalogue.mjs. Usage: tsx bench/seed-catalogue.ts <dataDir|postgres-url> <count>
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../apps/api/src/db/client';
import { authors, categories, courses, lessons, organisations, sections } from '../apps/api/src/db/schema';
import { seedDemo } from '../apps/api/src/db/seed';

const [target = '', countText = '1000'] = process.argv.slice(2);
const count = Number(countText);
const database = target.startsWith('postgres')
  ? openPostgres(target)
  : await openPglite(path.join(target, 'db'));
try {
  await database.migrate();
  await seedDemo(database.db);
  const { db } = database;
  const [org] = await db.select().from(organisations).limit(1);
  if (!org) throw new Error('no organisation');
  const [category] = await db.insert(categories).values({ orgId: org.id, name: 'Bench' }).returning();
  const made = await db
    .insert(authors)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        orgId: org.id,
        firstName: `Author${i}`,
        lastName: 'Bench',
        gender: (i % 2 ? 'F' : 'M') as 'F' | 'M',
        email: `author${i}@example.com`,
        bio: 'Teaches things. '.repeat(5),
      })),
    )
    .returning();
  for (let start = 0; start < count; start += 200) {
    const batch = await db
      .insert(courses)
      .values(
        Array.from({ length: Math.min(200, count - start) }, (_, i) => ({
          orgId: org.id,
          title: `Course ${start + i + 1}: a practical introduction`,
          description: 'A course used to measure the catalogue. '.repeat(6),
          priceCents: 1000 + ((start + i) % 90) * 100,
          priceTypeId: 2,
          categoryId: category?.id ?? 0,
          authorId: made[(start + i) % made.length]?.id ?? 0,
          published: true,
        })),
      )
      .returning({ id: courses.id });
    const sectionRows = await db
      .insert(sections)
      .values(
        batch.flatMap((c) =>
          [1, 2].map((n) => ({ courseId: c.id, name: `Part ${n}`, orderNumber: n, published: true })),
        ),
      )
      .returning({ id: sections.id });
    await db.insert(lessons).values(
      sectionRows.flatMap((s) =>
        [1, 2].map((n) => ({
          sectionId: s.id,
          title: `Lesson ${n}`,
          contentType: 'pdf',
          orderNumber: n,
          published: true,
          preview: n === 1,
        })),
      ),
    );
  }
  // As a running database would have by now (autovacuum): the planner's figures of the new rows.
  await db.execute(sql`analyze`);
  console.log(`seeded ${count} courses`);
} finally {
  await database.close();
}
