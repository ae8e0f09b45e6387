import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { prepared } from '../prepared';
import { orgMembers, users } from '../schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

const userByEmail = prepared((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('user_by_email'),
);

/** The account of an e-mail address: every login and code check asks it, so it is prepared. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await userByEmail(db).execute({ email });
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned no row');
  return row;
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** A student is one of an organisation's contacts if it added them or they are enrolled in its course. */
export async function isStudentOfOrg(db: Db, orgId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: orgMembers.userId })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  return row !== undefined;
}
