import { MSG, type RoleId, roleOf } from '@skillwise/contracts';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client';
import { findSessionUser } from '../db/queries/sessions';
import { sha256 } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { publisherOrgOf } from '../modules/access/access';

/** Who is calling, from the bearer token: the only identity the server trusts (DESIGN security model). */
export type Actor = {
  sessionId: number;
  userId: number;
  email: string;
  fullName: string;
  role: RoleId;
  orgId: number | null;
  verified: boolean;
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

/** A preHandler that sets `request.actor` or answers 401/403. */
export function requireAuth(db: Db, options: AuthOptions = {}): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.actor = null;
    const token = bearerToken(request);
    if (!token && options.optional) return;
    if (!token) throw new AppError('UNAUTHENTICATED', MSG.tokenMissing);
    const row = token.length > 200 ? undefined : await findSessionUser(db, sha256(token));
    if (!row && options.optional) return;
    if (!row)
      throw new AppError('UNAUTHENTICATED', 'Your session has expired or is invalid. Please log in again.');
    const actor: Actor = { ...row, role: roleOf(row.roleId) };
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

/** The organisation of a publisher, or 403 for anyone who has none (the access module's rule). */
export const publisherOrg = (actor: Actor): number => publisherOrgOf(actor);

/** `requireAuth` bound to the app's database: what route modules receive. */
export type Auth = (options?: AuthOptions) => preHandlerAsyncHookHandler;
