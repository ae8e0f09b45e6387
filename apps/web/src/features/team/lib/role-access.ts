import type { TeamRole } from '@skillwise/contracts';
import type { AdminSectionKey } from '@/lib/paths';
import { paths } from '@/lib/paths';

/**
 * What the admin shows each role of a school's team (docs/decisions/039). Presentation only: the
 * server refuses every call a role may not make; the web app leaves out what would only be refused.
 *
 * - `staff`: owners and admins (the school's own business: sales, settings, e-mail, coupons, the team).
 * - `owner`: owners alone (the plan and how the school is paid).
 */
export type RoleGate = 'staff' | 'owner';

/** Whether a role passes a gate. An unknown role (not yet read, or not answered) passes: the server decides. */
export const rolePasses = (role: TeamRole | undefined, gate: RoleGate | undefined): boolean => {
  if (!gate || !role) return true;
  return gate === 'owner' ? role === 'owner' : role !== 'instructor';
};

/** The sidebar entries that are not every member's. */
export const SECTION_GATES: Partial<Record<AdminSectionKey, RoleGate>> = {
  users: 'staff',
  billing: 'staff',
  team: 'staff',
};

/** The admin screens with an address of their own that are not every member's. */
export const PATH_GATES: Record<string, RoleGate> = {
  [paths.admin.emailStudents]: 'staff',
  [paths.admin.subscription]: 'owner',
  [paths.admin.checkout]: 'owner',
};

/** The gate of an admin screen: the one of its address, else the one of its sidebar entry. */
export const gateOf = (path: string, section: AdminSectionKey | null): RoleGate | undefined =>
  PATH_GATES[path] ?? (section ? SECTION_GATES[section] : undefined);

/** Whether a role may open a sidebar entry. */
export const maySeeSection = (role: TeamRole | undefined, key: AdminSectionKey): boolean =>
  rolePasses(role, SECTION_GATES[key]);

/** Screens every member opens whose content follows the role (the school's settings, adding students). */
const ROLE_SHAPED: readonly AdminSectionKey[] = ['settings', 'Mystudents'];

/** Whether an admin screen waits for the member's role before it shows: gated, or shaped by the role. */
export const waitsForRole = (path: string, section: AdminSectionKey | null): boolean =>
  gateOf(path, section) !== undefined || (section !== null && ROLE_SHAPED.includes(section));
