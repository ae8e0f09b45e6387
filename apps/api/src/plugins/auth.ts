import {
  API_KEY_PREFIX,
  INTEGRATIONS_MSG,
  MSG,
  type RoleId,
  roleOf,
  type TeamRole,
} from '@skillwise/contracts';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client';
import { findApiKeyActor } from '../db/queries/integrations';
import { findSessionUser } from '../db/queries/sessions';
import { sha256 } from '../lib/crypto';
import { AppError } from '../lib/errors';
import {
  mayHoldApiKeys,
  mayUseApiKey,
  publisherOrgOf,
  schoolOwnerOrgOf,
  schoolStaffOrgOf,
  teamOf,
} from '../modules/access/access';

/** Who is calling, from the bearer token: the only identity the server trusts (DESIGN security model). */
export type Actor = {
  sessionId: number;
  userId: number;
  email: string;
  fullName: string;
  role: RoleId;
  orgId: number | null;
  /**
   * The caller's role on its school's team (docs/decisions/039), read with the session on every request:
   * a member re-roled or removed has the new role, or none, from the next request on. Null for anyone who
   * is not on a team.
   */
  team: TeamRole | null;
  verified: boolean;
  /** Set when the caller is a school's API key (docs/decisions/037): it acts as the school's publisher. */
  apiKeyId?: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export type AuthOptions = {
  /** Only these roles may call; any verified user when omitted. */
  roles?: RoleId[];
  /** Logout and similar calls work before the e-mail is verified. */
  allowUnverified?: boolean;
  /**
   * Public calls that answer more to a signed-in caller: without a valid session (no token, an expired or
   * revoked one, an unverified account) the caller is a visitor, so a stale token never hides a public page.
   */
  optional?: boolean;
};

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

const INVALID_SESSION = 'Your session has expired or is invalid. Please log in again.';

/**
 * A school's API key (docs/decisions/037) acts as the member who made it, for that school only, while
 * the school is on the plan that has keys; a revoked key, or one whose maker is no longer an owner or
 * admin of the school, is refused at once, and so are the calls a key may not make (access.ts `mayUseApiKey`).
 */
async function apiKeyActor(db: Db, token: string, url: string): Promise<Actor> {
  const row = token.length > 200 ? undefined : await findApiKeyActor(db, sha256(token));
  if (!row) throw new AppError('UNAUTHENTICATED', INVALID_SESSION);
  if (row.revoked_at !== null) throw new AppError('UNAUTHENTICATED', INTEGRATIONS_MSG.revokedKey);
  const team = teamOf(Number(row.role_id), row.user_org_id, row.team_role);
  if (Number(row.user_org_id) !== Number(row.org_id) || !mayHoldApiKeys(team)) {
    throw new AppError('UNAUTHENTICATED', INVALID_SESSION);
  }
  if (!row.on_plan) throw new AppError('FORBIDDEN', INTEGRATIONS_MSG.needsPlan);
  if (!mayUseApiKey(url)) throw new AppError('FORBIDDEN', INTEGRATIONS_MSG.notWithApiKey);
  return {
    sessionId: 0,
    userId: Number(row.user_id),
    email: row.email,
    fullName: row.full_name,
    role: roleOf(Number(row.role_id)),
    orgId: Number(row.org_id),
    team,
    verified: true,
    apiKeyId: Number(row.key_id),
  };
}

/** A preHandler that sets `request.actor` or answers 401/403. */
export function requireAuth(db: Db, options: AuthOptions = {}): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.actor = null;
    const token = bearerToken(request);
    if (!token && options.optional) return;
    if (!token) throw new AppError('UNAUTHENTICATED', MSG.tokenMissing);
    if (token.startsWith(API_KEY_PREFIX)) {
      request.actor = await apiKeyActor(db, token, request.routeOptions.url ?? request.url);
      if (options.roles && !options.roles.includes(request.actor.role)) {
        throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
      }
      return;
    }
    const row = token.length > 200 ? undefined : await findSessionUser(db, sha256(token));
    if (!row && options.optional) return;
    if (!row) throw new AppError('UNAUTHENTICATED', INVALID_SESSION);
    const { teamRole, ...account } = row;
    const actor: Actor = {
      ...account,
      role: roleOf(row.roleId),
      team: teamOf(row.roleId, row.orgId, teamRole),
    };
    if (!actor.verified && options.optional && !options.allowUnverified) return;
    if (!actor.verified && !options.allowUnverified) {
      throw new AppError('NOT_VERIFIED', 'Please verify your e-mail address first.');
    }
    if (options.roles && !options.roles.includes(actor.role)) {
      throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
    }
    request.actor = actor;
  };
}

/** The actor set by `requireAuth`; calling it on a public route is a programming error. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('actorOf() on a route without requireAuth');
  return request.actor;
}

/** The caller as a publisher with its organisation, or 403. */
export function publisherOf(request: FastifyRequest): Actor & { orgId: number } {
  const actor = actorOf(request);
  return { ...actor, orgId: publisherOrg(actor) };
}

/** The caller as an owner or admin of its school (docs/decisions/039), or 403: the school's own business. */
export function schoolStaffOf(request: FastifyRequest): Actor & { orgId: number } {
  const actor = actorOf(request);
  return { ...actor, orgId: schoolStaffOrgOf(actor) };
}

/** The caller as an owner of its school, or 403: its plan, payouts and payment accounts. */
export function schoolOwnerOf(request: FastifyRequest): Actor & { orgId: number } {
  const actor = actorOf(request);
  return { ...actor, orgId: schoolOwnerOrgOf(actor) };
}

/** The organisation of a publisher, or 403 for anyone who has none (the access module's rule). */
export const publisherOrg = (actor: Actor): number => publisherOrgOf(actor);

/** `requireAuth` bound to the app's database: what route modules receive. */
export type Auth = (options?: AuthOptions) => preHandlerAsyncHookHandler;
