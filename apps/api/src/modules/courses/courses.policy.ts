import { ROLE } from '@skillwise/contracts';
import type { Actor } from '../../plugins/auth';

/** Staff of the organisation that owns a course: they see and change it whatever its state. */
export const isCourseStaff = (actor: Actor | null, courseOrgId: number) =>
  actor !== null && actor.role === ROLE.PUBLISHER && actor.orgId === courseOrgId;
