import { errorBodySchema } from '@skillwise/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
} from 'fastify';
import { z } from 'zod';
import { AppError } from './errors';
import { parseInput } from './validate';

/**
 * Route schemas are the zod schemas of packages/contracts, declared on each route as
 * `schema: { params, querystring, body, response }`. Fastify validates input with them through the same
 * rules as parseInput (a 400 naming the field), handlers receive the parsed, coerced values, and the
 * OpenAPI document (lib/openapi.ts, served by plugins/api-docs.ts) is written from them.
 */

/** Types `request.params`, `request.query` and `request.body` as the output of the declared schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  readonly serializer: unknown;
}

/**
 * A multipart/form-data body: text fields (checked by the handler with parseObjectFields, as they arrive
 * with the file) and at most one file. Fastify does not read it: lib/upload.ts streams it.
 */
export class MultipartBody {
  constructor(
    /** The text fields' schema, as parseObjectFields reads them. */
    readonly fields: z.ZodType,
    readonly file: { name: string; required: boolean; description: string } | undefined,
    /** Each field is sent as `<prefix><name>` (`Object.course_title`); empty when sent bare. */
    readonly prefix: string,
    /** Also accepted as JSON with the same fields (checked by the handler). */
    readonly json = false,
  ) {}
}

/**
 * Input the handler reads itself because it merges two parts of the request or answers a message of the
 * spec before the schema's (SPEC §5): documented here, not validated by Fastify.
 */
export class HandlerChecked<S extends z.ZodType = z.ZodType> {
  constructor(
    readonly schema: S,
    readonly note: string,
  ) {}
}

/** A POST, PUT or PATCH that takes no body: what it needs comes from the token or the path. */
export class NoBody {
  constructor(readonly description: string) {}
}

/** A body or an answer that is not JSON: a file, a PDF, a stream of bytes. */
export class BinaryResponse {
  constructor(
    readonly contentType: string,
    readonly description: string,
  ) {}
}

/** An answer with no body (204, 304). */
export class EmptyResponse {
  constructor(readonly description: string) {}
}

export const multipart = (
  fields: z.ZodType,
  file: MultipartBody['file'],
  options: { prefix?: string; json?: boolean } = {},
) => new MultipartBody(fields, file, options.prefix ?? 'Object.', options.json ?? false);
export const handlerChecked = <S extends z.ZodType>(schema: S, note: string) =>
  new HandlerChecked(schema, note);
export const binary = (contentType: string, description: string) =>
  new BinaryResponse(contentType, description);
export const empty = (description: string) => new EmptyResponse(description);
export const noBody = (description = 'No body: the call acts on the caller or on the path.') =>
  new NoBody(description);

type Hook = (...args: never[]) => unknown;
const authHooks = new WeakMap<Hook, { optional: boolean }>();

/** Marks a hook as the bearer-token check, so the OpenAPI document can tell which routes need a token. */
export function markAuth<H extends Hook>(hook: H, optional: boolean): H {
  authHooks.set(hook, { optional });
  return hook;
}

const hooksOf = (value: unknown): Hook[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter((hook) => typeof hook === 'function');

/** Whether a route asks for a bearer token: required, optional (it answers more to one), or none. */
export function routeAuth(route: { preHandler?: unknown; preValidation?: unknown }) {
  for (const hook of [...hooksOf(route.preValidation), ...hooksOf(route.preHandler)]) {
    const found = authHooks.get(hook);
    if (found) return found.optional ? 'optional' : 'required';
  }
  return 'none';
}

/**
 * The token is checked before the input, as it was when each handler parsed its own input: a caller
 * without a valid session gets its 401 whatever it sent. Moves the route's token check from its
 * preHandler hooks to the front of its preValidation hooks (an onRoute hook).
 */
export function checkTokenBeforeInput(route: { preHandler?: unknown; preValidation?: unknown }) {
  const handlers = hooksOf(route.preHandler);
  const auth = handlers.filter((hook) => authHooks.has(hook));
  if (auth.length === 0) return;
  route.preHandler = handlers.filter((hook) => !authHooks.has(hook));
  route.preValidation = [...auth, ...hooksOf(route.preValidation)];
}

const pagedLists = new WeakSet<z.ZodType>();
/** A list answered as an array, with the number of all matching rows in `X-Total-Count` (lib/paging.ts). */
export function paged<T extends z.ZodType>(item: T): z.ZodArray<T> {
  const list = z.array(item);
  pagedLists.add(list);
  return list;
}
export const isPaged = (schema: unknown) => schema instanceof z.ZodType && pagedLists.has(schema);

/** Route config read by hooks on a successful answer. */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A successful answer changes public data: the public response cache starts afresh. */
    invalidates?: 'public';
    /**
     * A successful answer may take a lesson away from someone (unpublished, no longer a preview, deleted,
     * an enrolment removed): the media routes forget the signed URLs they had granted (media.service.ts).
     */
    mayRevokeLessonAccess?: true;
  }
}

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'params' };

/** Runs parseInput for one part of the request; its 400 goes to the error handler unchanged. */
function compileValidator({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  if (!(schema instanceof z.ZodType)) return () => ({});
  const where = PART_NAMES[httpPart ?? ''] ?? httpPart ?? 'body';
  return (data: unknown) => {
    try {
      return { value: parseInput(schema, data, where) };
    } catch (error) {
      if (error instanceof AppError) return { error };
      throw error;
    }
  };
}

/** The response schema declared for a status: exact, then `2xx`-style, then `default`. */
export function responseSchemaFor(schema: FastifySchema | undefined, status: number): unknown {
  const response = schema?.response as Record<string, unknown> | undefined;
  if (!response) return undefined;
  return response[String(status)] ?? response[`${String(status)[0]}xx`] ?? response.default;
}

/**
 * Checks a JSON answer against its route's response schema (an error against the one error shape); a
 * mismatch fails the request loudly. Only the test suite turns this on: production answers are never
 * parsed or serialised through zod.
 */
function checkResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' || payload === '') return;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.includes('json') || reply.getHeader('content-encoding')) return;
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  let declared: unknown =
    reply.statusCode >= 400
      ? errorBodySchema
      : responseSchemaFor(request.routeOptions.schema, reply.statusCode);
  // Routes that declare no answers at all (a test's own, the web app's) are the schema test's concern.
  if (declared === undefined && request.routeOptions.schema?.response === undefined) return;
  if (declared instanceof HandlerChecked) declared = declared.schema;
  if (!(declared instanceof z.ZodType)) {
    throw new Error(`${route} answered ${reply.statusCode} JSON, but declares no response schema for it`);
  }
  const result = declared.safeParse(JSON.parse(payload));
  if (!result.success) {
    const problems = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new Error(`${route} answered ${reply.statusCode} not matching its response schema: ${problems}`);
  }
}

/**
 * Installs the zod validator (input through parseInput), plain JSON serialisation of answers (the
 * response schemas document and, in tests, check them), and the response check when asked.
 */
export function installRouteSchemas(app: FastifyInstance, options: { checkResponses?: boolean } = {}) {
  app.setValidatorCompiler(compileValidator);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  if (options.checkResponses) {
    app.addHook('onSend', async (request, reply, payload) => {
      try {
        checkResponse(request, reply, payload);
      } catch (error) {
        // Loud on purpose: the test that made this request fails on the 500, and this line says why.
        process.stderr.write(`response schema check: ${(error as Error).message}\n`);
        if (reply.statusCode < 500) throw error;
      }
      return payload;
    });
  }
}
