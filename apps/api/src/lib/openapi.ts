import { errorBodySchema } from '@skillwise/contracts';
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  BinaryResponse,
  EmptyResponse,
  HandlerChecked,
  isPaged,
  MultipartBody,
  routeAuth,
} from './route-schema';

/** A route as registered (its options object, read when the document is built). */
export type RegisteredRoute = Pick<
  RouteOptions,
  'method' | 'url' | 'schema' | 'preHandler' | 'preValidation' | 'config' | 'handler'
>;

type JsonSchema = Record<string, unknown>;

/** Each module's routes are grouped under its tag, in this order, with a line saying what they are for. */
export const API_TAGS: { name: string; description: string }[] = [
  { name: 'Users', description: 'Sign-up, login, verification codes, passwords and the signed-in profile.' },
  { name: 'Organisations', description: 'Organisation registration, its record, plans and prices.' },
  { name: 'Courses', description: 'The catalogue, course details and the publisher’s courses.' },
  { name: 'Categories', description: 'The organisation’s course categories.' },
  { name: 'Authors', description: 'The organisation’s authors.' },
  { name: 'Curriculum', description: 'Sections and lessons of a course, their order and lesson files.' },
  { name: 'Uploads', description: 'Resumable lesson uploads with the tus 1.0 protocol.' },
  { name: 'Media', description: 'Cover images, author photos and lesson files, with HTTP ranges.' },
  { name: 'Enrolments', description: 'Students of an organisation and their courses.' },
  { name: 'Progress', description: 'A student’s lesson positions, completions and course progress.' },
  { name: 'Certificates', description: 'Certificates of completion and their public verification.' },
  { name: 'Reviews', description: 'Ratings and comments of enrolled students.' },
  { name: 'Payments', description: 'Course and plan orders, the sandbox provider, sales and purchases.' },
  { name: 'Notifications', description: 'In-app notifications, e-mail preferences and unsubscribe.' },
  {
    name: 'Webhooks and API keys',
    description: 'A Growth school’s signed webhook endpoints, their delivery log, and its API keys.',
  },
  {
    name: 'Team',
    description: 'A school’s team: members and roles, invitations, instructors’ courses and the audit log.',
  },
  {
    name: 'School sites',
    description:
      'Each school’s own public site and brand, its domain on Growth, and the question a reverse proxy asks of a domain.',
  },
  {
    name: 'Site',
    description: 'What the public landing page says about the installation: its figures and testimonials.',
  },
  { name: 'Reference', description: 'The service’s health and this description of the API.' },
];

/** A contract schema as JSON Schema: what a client sends (`input`) or what it receives (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  }) as JsonSchema;
  return rest;
}

/** `/api/courses/details/:id` as OpenAPI writes it: `/api/courses/details/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A stable, unique operation id: the method and the path's words, e.g. `get_courses_details_id`. */
export const operationIdOf = (method: string, url: string) =>
  `${method.toLowerCase()}_${url
    .replace(/^\/api\/?/, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`.replace(/_$/, '');

const unwrap = (schema: unknown): { schema: z.ZodType | undefined; note?: string } => {
  if (schema instanceof HandlerChecked) return { schema: schema.schema, note: schema.note };
  return { schema: schema instanceof z.ZodType ? schema : undefined };
};

function parametersOf(part: unknown, where: 'path' | 'query') {
  const { schema, note } = unwrap(part);
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description || note ? { description: [description, note].filter(Boolean).join(' ') } : {}),
      schema: rest,
    };
  });
}

function multipartSchema(body: MultipartBody): JsonSchema {
  const fields = jsonSchemaOf(body.fields, 'input');
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, property] of Object.entries((fields.properties ?? {}) as Record<string, JsonSchema>)) {
    properties[`${body.prefix}${name}`] = property;
    if (((fields.required ?? []) as string[]).includes(name)) required.push(`${body.prefix}${name}`);
  }
  if (body.file) {
    properties[body.file.name] = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: body.file.description,
    };
    if (body.file.required) required.push(body.file.name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function requestBodyOf(body: unknown) {
  if (body instanceof MultipartBody) {
    const content: Record<string, unknown> = { 'multipart/form-data': { schema: multipartSchema(body) } };
    if (body.json) content['application/json'] = { schema: jsonSchemaOf(body.fields, 'input') };
    return { required: true, content };
  }
  if (body instanceof BinaryResponse) {
    return { description: body.description, content: { [body.contentType]: { schema: {} } } };
  }
  const { schema, note } = unwrap(body);
  if (!schema) return undefined;
  return {
    required: true,
    ...(note ? { description: note } : {}),
    content: { 'application/json': { schema: jsonSchemaOf(schema, 'input') } },
  };
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

const STATUS_WORDS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  206: 'Partial content',
  304: 'Not modified',
  416: 'Range not satisfiable',
};

function responsesOf(schema: FastifySchema, auth: string, hasInput: boolean) {
  const responses: Record<string, unknown> = {};
  for (const [status, declared] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    const description = STATUS_WORDS[status] ?? 'Answer';
    if (declared instanceof BinaryResponse) {
      responses[status] = {
        description: declared.description,
        content: { [declared.contentType]: { schema: {} } },
      };
    } else if (declared instanceof EmptyResponse) {
      responses[status] = { description: declared.description };
    } else if (declared instanceof z.ZodType) {
      responses[status] = {
        description,
        ...(isPaged(declared)
          ? {
              headers: {
                'X-Total-Count': {
                  description: 'How many rows match the search, on every page.',
                  schema: { type: 'integer' },
                },
              },
            }
          : {}),
        content: { 'application/json': { schema: jsonSchemaOf(declared, 'output') } },
      };
    }
  }
  if (hasInput && !responses['400'])
    responses['400'] = errorResponse('Invalid input: `details` names each field.');
  if (auth === 'required' && !responses['401'])
    responses['401'] = errorResponse('No token, or an expired one.');
  if (auth === 'required' && !responses['403'])
    responses['403'] = errorResponse('Not allowed for this caller.');
  responses.default = errorResponse('Any other error, in the one error shape.');
  return responses;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/** The OpenAPI 3.1 document of the API, written from the routes' declared schemas. */
export function buildOpenApiDocument(
  routes: RegisteredRoute[],
  info: { version: string; serverUrl: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const gets = new Set(
    routes.filter((route) => [route.method].flat().includes('GET')).map((route) => route.url),
  );
  for (const route of routes) {
    const schema = (route.schema ?? {}) as FastifySchema & {
      tags?: string[];
      summary?: string;
      description?: string;
      hide?: boolean;
    };
    if (schema.hide) continue;
    for (const method of [route.method].flat()) {
      // Fastify answers HEAD for every GET by itself: documented once, as the GET.
      if (method === 'HEAD' && gets.has(route.url)) continue;
      if (!METHODS.includes(method.toLowerCase())) continue;
      const auth = routeAuth(route);
      const parameters = [
        ...parametersOf(schema.params, 'path'),
        ...parametersOf(schema.querystring, 'query'),
      ];
      const requestBody = requestBodyOf(schema.body);
      const path = openApiPath(route.url);
      paths[path] ??= {};
      paths[path][method.toLowerCase()] = {
        operationId: operationIdOf(method, route.url),
        tags: schema.tags ?? [],
        summary: schema.summary ?? `${method} ${path}`,
        ...(schema.description ? { description: schema.description } : {}),
        ...(auth === 'required' ? { security: [{ bearerAuth: [] }] } : {}),
        ...(auth === 'optional' ? { security: [{}, { bearerAuth: [] }] } : {}),
        ...(auth === 'none' ? { security: [] } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        responses: responsesOf(schema, auth, parameters.length > 0 || requestBody !== undefined),
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skillwise API',
      version: info.version,
      description:
        'The calls of the Skillwise web app. Errors share one shape (`ErrorBody`); lists answer an array ' +
        'with the number of matching rows in `X-Total-Count`. Calls that need a token take it as ' +
        '`Authorization: Bearer <token>`, the token users/Login answers.',
    },
    servers: [{ url: info.serverUrl }],
    tags: API_TAGS,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token answered by users/Login, or a school’s API key (sk_live_…).',
        },
      },
      schemas: { ErrorBody: jsonSchemaOf(errorBodySchema, 'output') },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
