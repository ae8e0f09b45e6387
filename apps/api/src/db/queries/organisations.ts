import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { organisations } from '../schema';

/** An organisation: read by its own module and by those that name the school (the welcome e-mail). */
export async function findOrganisation(db: Db, id: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}
