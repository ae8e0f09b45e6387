import { type LoginResponse, loginResponseSchema, type Organisation, ROLE } from '@skillwise/contracts';
import { paths } from '@/lib/paths';

/** A usable login answer, or null when it carries no token (SPEC §4: then the login failed). */
export const parseLoginResponse = (value: unknown): LoginResponse | null => {
  const parsed = loginResponseSchema.safeParse(value);
  return parsed.success && parsed.data.token ? parsed.data : null;
};

export type LoginStep =
  | { type: 'verify'; path: typeof paths.verifyCode }
  | { type: 'student'; path: typeof paths.students.root }
  | { type: 'organisation'; orgId: number | null };

/** SPEC §4: an unverified user verifies first, a student goes to /students, anyone else needs its organisation. */
export const getLoginStep = (user: LoginResponse['user']): LoginStep => {
  if (!user.verified) return { type: 'verify', path: paths.verifyCode };
  if (user.role_id === ROLE.STUDENT) return { type: 'student', path: paths.students.root };
  return { type: 'organisation', orgId: user.org_Id };
};

export type AdminDestination = {
  path: typeof paths.admin.root | typeof paths.admin.subscription;
  subscriptionStatus: 'active' | 'inactive';
};

/** SPEC §4: a subscribed organisation opens /admin; otherwise it must choose a plan first. */
export const getAdminDestination = (
  organisation: Pick<Organisation, 'isSubscribed'> | null,
): AdminDestination =>
  organisation?.isSubscribed
    ? { path: paths.admin.root, subscriptionStatus: 'active' }
    : { path: paths.admin.subscription, subscriptionStatus: 'inactive' };
