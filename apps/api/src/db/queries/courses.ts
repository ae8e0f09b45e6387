import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { authors, courses, priceTypes } from '../schema';

/** Course queries more than one module reads; the courses module owns the rest (courses.repository.ts). */

/** A course's listing fields with its author's public ones (SPEC §3 "from listings"). */
export const courseWithAuthorColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  imageKey: courses.imageKey,
  priceCents: courses.priceCents,
  priceTypeId: courses.priceTypeId,
  categoryId: courses.categoryId,
  authorId: courses.authorId,
  certificate: courses.certificate,
  orgId: courses.orgId,
  published: courses.published,
  firstName: authors.firstName,
  lastName: authors.lastName,
  bio: authors.bio,
  photoKey: authors.photoKey,
};

export async function findPriceType(db: Db, id: number) {
  const [row] = await db.select().from(priceTypes).where(eq(priceTypes.id, id));
  return row;
}
