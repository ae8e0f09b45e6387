import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../lib/html';
import { API_TAGS, buildOpenApiDocument, type OpenApiDocument, type RegisteredRoute } from '../lib/openapi';
import { binary } from '../lib/route-schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under /api, as declared: the OpenAPI document and the schema test read it. */
    apiRoutes: RegisteredRoute[];
  }
}

/** Keeps every /api route as it is registered (call before the routes are). */
export function collectApiRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (route.url === '/api' || route.url.startsWith('/api/')) routes.push(route);
  });
}

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Json[];
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: Json }[];
  requestBody?: { description?: string; content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
};

/** Inline code in the document's descriptions (`name`), the only markup they use. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A JSON Schema as a short type: `string`, `integer ≥ 1`, `array of object`, `"F" | "M"`. */
function typeOf(schema: Json): string {
  if (schema.$ref) return String(schema.$ref).split('/').pop() ?? 'object';
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) return [...new Set(alternatives.map(typeOf))].join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `array of ${typeOf((schema.items ?? {}) as Json)}`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.allOf) return (schema.allOf as Json[]).map(typeOf).join(' & ');
  if (schema.contentMediaType) return 'file';
  const limits = [
    schema.minimum !== undefined && Number(schema.minimum) > Number.MIN_SAFE_INTEGER
      ? `≥ ${schema.minimum}`
      : '',
    schema.maximum !== undefined && Number(schema.maximum) < Number.MAX_SAFE_INTEGER
      ? `≤ ${schema.maximum}`
      : '',
    schema.maxLength !== undefined ? `≤ ${schema.maxLength} chars` : '',
    schema.format ? String(schema.format) : '',
  ].filter(Boolean);
  const type = typeof schema.type === 'string' ? schema.type : 'any';
  return limits.length ? `${type} (${limits.join(', ')})` : type;
}

/** The object a schema describes, looking through arrays and nullable alternatives. */
function objectOf(schema: Json): Json | undefined {
  if (schema.type === 'object' && schema.properties) return schema;
  if (schema.type === 'array' && schema.items) return objectOf(schema.items as Json);
  const alternatives = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Json[] | undefined;
  for (const alternative of alternatives ?? []) {
    const found = objectOf(alternative);
    if (found) return found;
  }
  return undefined;
}

/** A schema's fields as a table, nested objects one level in. */
function fieldsTable(schema: Json, depth = 0): string {
  const object = objectOf(schema);
  if (!object) return `<p class="type">${escapeHtml(typeOf(schema))}</p>`;
  const required = new Set((object.required ?? []) as string[]);
  const rows = Object.entries((object.properties ?? {}) as Record<string, Json>).map(([name, field]) => {
    const nested = depth < 2 && objectOf(field) ? fieldsTable(field, depth + 1) : '';
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td class="type">${escapeHtml(typeOf(field))}${field.description ? `<div class="note">${prose(String(field.description))}</div>` : ''}${nested}</td></tr>`;
  });
  const prefix = schema.type === 'array' ? '<p class="type">array of</p>' : '';
  return rows.length
    ? `${prefix}<table class="fields"><tbody>${rows.join('')}</tbody></table>`
    : `<p class="type">object</p>`;
}

function contentBlock(content: Record<string, { schema: Json }> | undefined) {
  return Object.entries(content ?? {})
    .map(([type, { schema }]) =>
      schema.$ref === '#/components/schemas/ErrorBody'
        ? ''
        : `<div class="content"><span class="media">${escapeHtml(type)}</span>${fieldsTable(schema)}</div>`,
    )
    .join('');
}

function operationHtml(method: string, path: string, op: Operation) {
  const lock =
    op.security.length === 0
      ? '<span class="auth open">public</span>'
      : op.security.some((s) => Object.keys(s).length === 0)
        ? '<span class="auth optional">token optional</span>'
        : '<span class="auth">bearer token</span>';
  const parameters = op.parameters?.length
    ? `<h4>Parameters</h4><table class="fields"><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code> <span class="in">${p.in}</span>${p.required ? ' <span class="req">required</span>' : ''}</td><td class="type">${escapeHtml(typeOf(p.schema))}${p.description ? `<div class="note">${prose(p.description)}</div>` : ''}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const body = op.requestBody
    ? `<h4>Request body</h4>${op.requestBody.description ? `<p class="note">${prose(op.requestBody.description)}</p>` : ''}${contentBlock(op.requestBody.content)}`
    : '';
  const responses = Object.entries(op.responses)
    .map(
      ([status, response]) =>
        `<div class="response"><span class="status s${status[0]}">${escapeHtml(status)}</span> ${prose(response.description)}${contentBlock(response.content)}</div>`,
    )
    .join('');
  return `<details class="op" id="${escapeHtml(op.operationId)}"><summary><span class="method ${method}">${method.toUpperCase()}</span><code class="path">${escapeHtml(path)}</code><span class="summary">${prose(op.summary)}</span>${lock}</summary><div class="body">${op.description ? `<p>${prose(op.description)}</p>` : ''}${parameters}${body}<h4>Responses</h4>${responses}</div></details>`;
}

/** The readable page of /api/docs: the document's operations grouped by tag, no script. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>(API_TAGS.map((tag) => [tag.name, []]));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push(operationHtml(method, path, op));
    }
  }
  const descriptions = new Map(API_TAGS.map((tag) => [tag.name, tag.description]));
  const sections = [...byTag]
    .filter(([, ops]) => ops.length > 0)
    .map(
      ([tag, ops]) =>
        `<section id="tag-${escapeHtml(tag)}"><h2>${escapeHtml(tag)} <span class="count">${ops.length}</span></h2><p class="tagline">${escapeHtml(descriptions.get(tag) ?? '')}</p>${ops.join('')}</section>`,
    )
    .join('');
  const toc = [...byTag]
    .filter(([, ops]) => ops.length > 0)
    .map(
      ([tag, ops]) =>
        `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a> <span>${ops.length}</span></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skillwise API reference</title><link rel="stylesheet" href="/api/docs.css"></head>
<body><header><h1>Skillwise API <span class="version">${escapeHtml(doc.info.version)}</span></h1>
<p>${prose(doc.info.description)}</p><p class="links">OpenAPI ${escapeHtml(doc.openapi)} document: <a href="/api/openapi.json">/api/openapi.json</a></p></header>
<div class="layout"><nav><h3>Modules</h3><ul>${toc}</ul></nav><main>${sections}</main></div></body></html>`;
}

const DOCS_CSS = `
:root{--ink:#1d2433;--muted:#5b6478;--line:#e3e6ee;--bg:#f7f8fb;--card:#fff;--accent:#3b4cca}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header{padding:28px 32px 18px;background:var(--card);border-bottom:1px solid var(--line)}
header h1{margin:0 0 6px;font-size:26px}header p{margin:4px 0;max-width:900px;color:var(--muted)}
.version{font-size:13px;font-weight:500;color:var(--muted);border:1px solid var(--line);border-radius:10px;padding:1px 8px;vertical-align:middle}
a{color:var(--accent)}code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.layout{display:flex;gap:24px;padding:24px 32px;align-items:flex-start}
nav{position:sticky;top:16px;min-width:190px;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 16px}
nav h3{margin:0 0 8px;font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
nav ul{list-style:none;margin:0;padding:0}nav li{display:flex;justify-content:space-between;padding:3px 0}nav li span{color:var(--muted);font-size:13px}
nav a{text-decoration:none}main{flex:1;min-width:0}
section{margin-bottom:28px}h2{margin:0 0 2px;font-size:20px}.count{font-size:13px;color:var(--muted);font-weight:500}
.tagline{margin:0 0 10px;color:var(--muted)}
.op{background:var(--card);border:1px solid var(--line);border-radius:8px;margin:6px 0}
.op summary{display:flex;align-items:center;gap:12px;padding:9px 12px;cursor:pointer;list-style:none}
.op summary::-webkit-details-marker{display:none}
.method{min-width:64px;text-align:center;font:700 12px ui-monospace,Menlo,monospace;color:#fff;border-radius:4px;padding:3px 0}
.get{background:#2f7d4f}.post{background:#3b4cca}.put{background:#b26b00}.delete{background:#b3261e}.patch{background:#6b4fbb}.head,.options{background:#5b6478}
.path{font-weight:600;word-break:break-all}.summary{color:var(--muted);flex:1}
.auth{font-size:12px;border-radius:10px;padding:1px 8px;background:#fdf0e1;color:#8a5200;white-space:nowrap}.auth.open{background:#e5f4ea;color:#24663f}.auth.optional{background:#eef0fb;color:#3b4cca}
.body{padding:4px 16px 14px;border-top:1px solid var(--line)}
h4{margin:14px 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
table.fields{border-collapse:collapse;width:100%;margin:4px 0}
.fields td{border-top:1px solid var(--line);padding:5px 8px;vertical-align:top}.fields td:first-child{width:32%;white-space:nowrap}
.fields .fields{margin-top:6px;background:var(--bg)}
.type{color:#4a3f99;font-size:13px;margin:4px 0}.note{color:var(--muted);font-size:13px}
.req{font-size:11px;color:#b3261e}.in{font-size:11px;color:var(--muted)}
.media{display:inline-block;font:12px ui-monospace,Menlo,monospace;color:var(--muted);margin-top:4px}
.response{margin:6px 0}.status{font:700 12px ui-monospace,Menlo,monospace;padding:1px 6px;border-radius:4px;background:#eef0f4}
.status.s2{background:#e5f4ea;color:#24663f}.status.s4,.status.s5,.status.sd{background:#fbe9e7;color:#b3261e}
@media (max-width:760px){.layout{display:block;padding:12px}nav{position:static;margin-bottom:16px}.summary{display:none}}
`;

/** Serves the OpenAPI document and its readable page; both are built once, on the first request. */
export function registerApiDocs(app: FastifyInstance, info: { version: string } = { version: '1.0' }) {
  let doc: OpenApiDocument | undefined;
  let page: string | undefined;
  const document = () => {
    doc ??= buildOpenApiDocument(app.apiRoutes, { version: info.version, serverUrl: '/' });
    return doc;
  };
  const tags = ['Reference'];
  app.get(
    '/api/openapi.json',
    {
      schema: {
        tags,
        summary: 'This API described as an OpenAPI 3.1 document',
        response: { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
      },
    },
    async () => document(),
  );
  app.get(
    '/api/docs',
    {
      schema: {
        tags,
        summary: 'This API described as a readable page',
        response: { 200: binary('text/html', 'The page') },
      },
    },
    async (_request, reply) => {
      page ??= renderDocsPage(document());
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
  app.get(
    '/api/docs.css',
    {
      schema: {
        tags,
        summary: 'The stylesheet of the readable page',
        response: { 200: binary('text/css', 'The stylesheet') },
      },
    },
    async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(DOCS_CSS),
  );
}
