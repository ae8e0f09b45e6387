import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent, type TestUser } from '../test/factories';
import { call, createTestContext, type TestContext } from '../test/helpers';
import { multipart } from '../test/uploads';

// Every numeric input of every route, as the OpenAPI description lists them, meets values out of range,
// fractional, huge, negative and not numbers at all: each is a 400 naming the field, never a 500.
let ctx: TestContext;
let publisher: TestUser;
let student: TestUser;
type Json = {
  type?: string | string[];
  pattern?: string;
  anyOf?: Json[];
  items?: Json;
  properties?: Record<string, Json>;
  required?: string[];
};
type Operation = {
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
};
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ADDRESS_MAX: '100000' });
  publisher = await createPublisher(ctx);
  student = await createStudent(ctx);
  paths = (await call(ctx.app, { method: 'GET', url: '/api/openapi.json' })).json().paths;
});
afterAll(async () => ctx.close());

const alternatives = (schema: Json): Json[] => [
  schema,
  ...(schema.anyOf ?? []).flatMap(alternatives),
  ...(schema.items ? alternatives(schema.items) : []),
];
const types = (schema: Json) => alternatives(schema).flatMap((s) => [s.type ?? []].flat());

/** The largest value the database's integer columns hold: every id and count fits in it. */
const INTEGER_MAX = 2_147_483_647;
/** A whole number written as at most N digits (`^\d{1,N}$`). */
const DIGITS = /^\^\\d\{1,(\d+)\}\$$/;

type Kind = { whole: boolean; max: number };

/** What kind of number a field takes (a whole number: ids, counts, orders; or a decimal) and its bound. */
function numberKind(schema: Json): Kind | undefined {
  const all = alternatives(schema);
  // Flags (true/false/0/1) and the fields the server ignores take numbers among other things.
  if (types(schema).includes('boolean')) return undefined;
  const digits = all.map((s) => DIGITS.exec(s.pattern ?? '')?.[1]).find((n) => n !== undefined);
  if (digits !== undefined) return { whole: true, max: 10 ** Number(digits) - 1 };
  if (all.some((s) => s.type === 'integer' || s.pattern === '^\\d+$'))
    return { whole: true, max: INTEGER_MAX };
  if (types(schema).includes('number')) return { whole: false, max: INTEGER_MAX };
  return undefined;
}

const isArray = (schema: Json) => schema.type === 'array';

/** Values no numeric field takes, as text (paths, queries, forms) and as JSON. */
const NEVER: unknown[] = [
  2 ** 53 + 2,
  '99999999999999999999999',
  1e300,
  '1e300',
  -1,
  '-1',
  'abc',
  'NaN',
  'Infinity',
  '0x10',
  '１２',
  '1 2',
];
/** Values a whole-number field refuses besides. */
const NOT_WHOLE: unknown[] = [1.5, '1.5', '1e3'];
/** The values a field must refuse: the first past its bound, and the rest. */
const refusedBy = (kind: Kind): unknown[] => [
  kind.max + 1,
  String(kind.max + 1),
  ...NEVER,
  ...(kind.whole ? NOT_WHOLE : []),
];

type Input = { method: string; path: string; where: 'path' | 'query' | 'json' | 'form'; name: string };

function numericInputs(): (Input & { kind: Kind; array: boolean })[] {
  const found: (Input & { kind: Kind; array: boolean })[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      for (const p of op.parameters ?? []) {
        const kind = numberKind(p.schema);
        if (kind) found.push({ method, path, where: p.in, name: p.name, kind, array: false });
      }
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
        const where =
          type === 'application/json' ? 'json' : type === 'multipart/form-data' ? 'form' : undefined;
        if (!where) continue;
        for (const [name, schema] of Object.entries(content.schema.properties ?? {})) {
          const kind = numberKind(schema);
          if (kind) found.push({ method, path, where, name, kind, array: isArray(schema) });
        }
      }
    }
  }
  return found;
}

/** A valid value for the other parameters, so only the field under test can be at fault. */
const sample = (schema: Json) => (numberKind(schema) ? '1' : 'abc');

async function send(input: Input & { array: boolean }, value: unknown, token: string) {
  const op = paths[input.path]?.[input.method] as Operation;
  const params = op.parameters ?? [];
  const text = String(value);
  let url = input.path;
  for (const p of params.filter((p) => p.in === 'path')) {
    const v = input.where === 'path' && p.name === input.name ? text : sample(p.schema);
    url = url.replace(`{${p.name}}`, encodeURIComponent(v));
  }
  const query = new URLSearchParams();
  for (const p of params.filter((p) => p.in === 'query' && (p.required || p.name === input.name))) {
    query.set(p.name, input.where === 'query' && p.name === input.name ? text : sample(p.schema));
  }
  const search = query.size > 0 ? `?${query}` : '';
  const method = input.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
  if (input.where === 'form') {
    const form = multipart({ [input.name]: text });
    return call(ctx.app, {
      method,
      url: url + search,
      token,
      body: form.payload,
      headers: { 'content-type': form.contentType },
    });
  }
  const body = input.where === 'json' ? { [input.name]: input.array ? [value] : value } : undefined;
  return call(ctx.app, { method, url: url + search, token, ...(body ? { body } : {}) });
}

describe('numeric inputs', () => {
  test('the sweep finds the numeric inputs of every kind of route', () => {
    const inputs = numericInputs();
    const where = new Set(inputs.map((i) => i.where));
    expect(where).toEqual(new Set(['path', 'query', 'json', 'form']));
    expect(inputs.length).toBeGreaterThan(80);
    expect(inputs).toContainEqual(
      expect.objectContaining({ path: '/api/media/lessons/{id}', where: 'query', name: 'viewer' }),
    );
  });

  test('refuse out-of-range, fractional, huge, negative and non-numeric values with a 400 naming them', async () => {
    const wrong: string[] = [];
    for (const input of numericInputs()) {
      for (const value of refusedBy(input.kind)) {
        let res = await send(input, value, publisher.token);
        // A call for students only refuses a publisher before reading its input.
        if (res.statusCode === 403) res = await send(input, value, student.token);
        const body = res.statusCode === 400 ? res.json() : undefined;
        const fields: string[] = (body?.details ?? []).map((d: { field: string }) => d.field);
        const named = fields.some((f) => f === input.name || f.startsWith(`${input.name}.`));
        if (!named) {
          wrong.push(
            `${input.method.toUpperCase()} ${input.path} ${input.where} ${input.name}=${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  test('a signed media URL with a viewer past the database’s ids is a 400, without a login', async () => {
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/media/lessons/1?viewer=2147483648&expires=${Math.floor(Date.now() / 1000) + 3600}&signature=abc`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'viewer', message: 'is too large' }]);
  });
});
