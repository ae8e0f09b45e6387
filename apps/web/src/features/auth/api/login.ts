import type { LoginBody, LoginResponse, Organisation } from '@skillwise/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST users/Login. Typed loosely: SPEC §4 handles an answer that carries no token. */
export const loginUser = (body: LoginBody): Promise<Partial<LoginResponse> | null | undefined> =>
  apiRequest('users/Login', { method: 'POST', body });

/** GET organization/getOrgById/{id}: tells whether the publisher's organisation is subscribed. */
export const getOrganisation = (orgId: number): Promise<Organisation> =>
  apiRequest(`organization/getOrgById/${orgId}`, { auth: true });

/** POST users/Logout: revokes the token server-side. */
export const logoutUser = (): Promise<unknown> =>
  apiRequest('users/Logout', { method: 'POST', auth: true, endSessionOn401: false });
