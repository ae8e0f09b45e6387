import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sqlState } from './db-errors';
import { AppError } from './errors';

/**
 * What the database layer knows of the request a query runs for. Only reads (GET and HEAD) have one:
 * a read can be dropped half-way without leaving anything half-done, a change always runs to its end.
 */
export type QueryContext = {
  /** Aborted when the client closed the connection before its answer was sent. */
  signal: AbortSignal;
};

/**
 * The contexts live while a read's handler or a shared computation runs. On Node 20 an enabled
 * AsyncLocalStorage makes every asynchronous resource of the process pay a hook, also a request no
 * context is needed for (a cached answer written before routing pays a sixth more instructions): so the
 * storage is enabled only while some context is in use, and disabled once none is. Disabled, a resource
 * made then carries no context, and a read that has one is running only while the storage is enabled:
 * code sees its own context or none, never another's.
 */
const contexts = new AsyncLocalStorage<QueryContext>();
let inUse = 0;

function release() {
  inUse -= 1;
  if (inUse === 0) contexts.disable();
}

/** Runs `work` in `context`, keeping the storage enabled until what it answers has settled. */
function runIn<T>(context: QueryContext, work: () => T): T {
  inUse += 1;
  let answer: T;
  try {
    answer = contexts.run(context, work);
  } catch (error) {
    release();
    throw error;
  }
  if (answer instanceof Promise) answer.then(release, release);
  else release();
  return answer;
}

/** How many contexts are in use, for tests: none once every read has settled. */
export const queryContextsInUse = () => inUse;

/** The read this code runs for, if any (db/client.ts checks it before and during each query). */
export const currentQueryContext = (): QueryContext | undefined => contexts.getStore();

/** The client left before its answer: the rest of the work is dropped, and nothing is answered. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the connection before the answer was ready.');
    this.name = 'ClientGoneError';
  }
}

/**
 * A read that ran past DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancelled it (SQLSTATE 57014), or the
 * embedded database, which cannot interrupt a statement, finished it late (db/client.ts).
 */
export class StatementTimeoutError extends Error {
  readonly code = '57014';
  constructor(ms: number) {
    super(`The statement ran for more than ${ms} ms.`);
    this.name = 'StatementTimeoutError';
  }
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs `work` for no client in particular: an answer several requests share (lib/response-cache.ts)
 * must not be dropped because the first of them left. Statement timeouts still apply.
 */
export const forEveryClient = <T>(work: () => Promise<T>): Promise<T> =>
  runIn({ signal: NEVER_ABORTED }, work);

/** Throws if the client this read runs for has left: no further query is started for it. */
export function throwIfClientGone(context: QueryContext | undefined = contexts.getStore()) {
  if (context?.signal.aborted) throw new ClientGoneError();
}

/** Whether an error, possibly wrapped by Drizzle, comes from a client that left. */
export function isClientGone(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof ClientGoneError) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether an error, possibly wrapped by Drizzle, is a statement stopped by its timeout. */
export const isStatementTimeout = (error: unknown): boolean => sqlState(error) === '57014';

/** The answer to a read stopped by the statement timeout: 503, try again shortly. */
export const statementTimeoutError = () =>
  new AppError(
    'DATABASE_TIMEOUT',
    'The database took too long to answer this request. Try again in a moment; if it keeps happening, ask for fewer rows or a narrower search.',
    undefined,
    { 'retry-after': '5' },
  );

const readSignals = new WeakMap<FastifyRequest, AbortSignal>();

/**
 * Gives every read's handler (GET, HEAD) a context whose signal aborts when its client closes the
 * connection before the answer was sent, so its queries stop (db/client.ts). A read whose client left
 * before its handler started is not started. The hooks before the handler (the session lookup) run
 * without one.
 */
export function registerQueryContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const controller = new AbortController();
      const response = reply.raw;
      response.once('close', () => {
        if (!response.writableFinished) controller.abort();
      });
      readSignals.set(request, controller.signal);
    }
    done();
  });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => method === 'GET' || method === 'HEAD')) return;
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const signal = readSignals.get(request);
      if (!signal) return handler.call(this, request, reply);
      if (signal.aborted) throw new ClientGoneError();
      return runIn({ signal }, () => handler.call(this, request, reply));
    } as typeof handler;
  });
}
