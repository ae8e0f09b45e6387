import { ROLE } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { isStudentOfOrg, type UserRow } from './users.repository';

/**
 * Who may read an account (getUserByemailID): the account itself; a publisher, for members of its
 * organisation and for its students (added by it or enrolled in its courses). Nobody else.
 */
export async function canReadUser(db: Db, actor: Actor, target: UserRow): Promise<boolean> {
  if (actor.userId === target.id) return true;
  if (actor.role !== ROLE.PUBLISHER || actor.orgId === null) return false;
  if (target.orgId === actor.orgId) return true;
  return target.roleId === ROLE.STUDENT && (await isStudentOfOrg(db, actor.orgId, target.id));
}

/**
 * Who may change an account's name or password (changeUserProfile): the account itself, or the
 * publisher of the organisation that created that student account (DESIGN data model). A student who
 * signed up alone is never editable by a publisher.
 */
export function canEditUser(actor: Actor, target: UserRow): boolean {
  if (actor.userId === target.id) return true;
  return (
    actor.role === ROLE.PUBLISHER &&
    actor.orgId !== null &&
    target.roleId === ROLE.STUDENT &&
    target.createdByOrgId === actor.orgId
  );
}

/**
 * checkUserExists: a publisher may ask about any e-mail (the Add Students form needs it, and adding
 * the student would tell the same); anyone else only about their own.
 */
export function canCheckEmail(actor: Actor, email: string): boolean {
  return actor.role === ROLE.PUBLISHER || actor.email === email;
}
