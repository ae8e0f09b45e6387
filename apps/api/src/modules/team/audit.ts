import type { AuditAction } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { insertAuditEvent } from './team.repository';

/** Who did it: a member of the school's team (an API key acts as the member who made it). */
export type AuditActor = Pick<Actor, 'userId' | 'fullName' | 'email'>;

/**
 * Records in the school's audit log (docs/decisions/039) what its team did, in the transaction `db` of the
 * change itself: the record exists exactly when the change does. `subject` names what it was done to.
 */
export async function recordAudit(
  db: Db,
  orgId: number,
  actor: AuditActor | null,
  action: AuditAction,
  subject: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertAuditEvent(db, {
    orgId,
    actorUserId: actor?.userId ?? null,
    actorName: actor?.fullName ?? null,
    actorEmail: actor?.email ?? null,
    action,
    subject,
    detail,
  });
}
