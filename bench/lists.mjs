#!/usr/bin/env node
// Drives every list and detail call with autocannon (10 connections, N seconds each) against a server on
// a scale database (bench/seed-scale.ts), and prints latency percentiles, throughput, failures and the
// size of each answer as a Markdown table, with the server's memory after start and at its peak.
import http from 'node:http';
import autocannon from 'autocannon';
import { jsonOption, readOptions } from './lib/cli.mjs';
import {
  login,
  memoryOf,
  mib,
  quantile,
  serverFromOptions,
  serverHelp,
  serverOptions,
} from './lib/server.mjs';

const HELP = `Usage: node bench/lists.mjs [options]

Measures each list and detail call of the API in turn with autocannon.

${serverHelp}

Load:
  --seconds <n>              seconds per call (default 10)
  --connections <n>          concurrent connections (default 10)
  --timeout <s>              a request slower than this counts as an error (default 60); a call slower than
                             the whole run shows no latencies: its "first" column still tells its time
  --only <text>              only the calls whose name contains this text
  --unpaged                  leave out page, pageSize and search (the whole lists, as the original client asks)
  --accept-encoding <value>  sent with every request (default 'gzip, deflate, br', as a browser; 'identity' for none)
  --search-course <text>     catalogue and sales search text (default python)
  --search-student <text>    student search text (default smith)

Accounts (from the scale data set):
  --publisher <email>        default publisher1@scale.example   --publisher-password (default publisher123)
  --student <email>          default student1@scale.example     --student-password (default student123)

  --json                     also print the results as JSON
  --help                     this text

Example: node bench/lists.mjs --database-url postgres://postgres@127.0.0.1:5432/skillwise_scale \\
           --data-dir /work/scale-data-pg --seconds 10`;

const options = readOptions(HELP, {
  ...serverOptions,
  seconds: { type: 'string', default: '10' },
  connections: { type: 'string', default: '10' },
  timeout: { type: 'string' },
  only: { type: 'string' },
  unpaged: { type: 'boolean', default: false },
  'accept-encoding': { type: 'string', default: 'gzip, deflate, br' },
  'search-course': { type: 'string', default: 'python' },
  'search-student': { type: 'string', default: 'smith' },
  publisher: { type: 'string', default: 'publisher1@scale.example' },
  'publisher-password': { type: 'string', default: 'publisher123' },
  student: { type: 'string', default: 'student1@scale.example' },
  'student-password': { type: 'string', default: 'student123' },
  ...jsonOption,
});

const seconds = Number(options.seconds);
const connections = Number(options.connections);
const timeout = Number(options.timeout ?? 60);
const acceptEncoding = options['accept-encoding'];

/** The query string of a paged call, or none with --unpaged. */
const paged = (params) => {
  const query = new URLSearchParams(
    Object.entries(params).filter(
      ([key]) => !options.unpaged || !['page', 'pageSize', 'search'].includes(key),
    ),
  ).toString();
  return query ? `?${query}` : '';
};

/** One request as a client makes it: status, JSON bytes, bytes on the wire, total-count header. */
function probe(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': acceptEncoding, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          wireBytes: wire.length,
          encoding: res.headers['content-encoding'] ?? 'none',
          total: res.headers['x-total-count'],
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`${url}: no answer in 60 s`)));
  });
}

/** The decoded JSON of a call (fetch decompresses). */
async function getJson(url, token) {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 300)}`);
  return {
    body: JSON.parse(text),
    jsonBytes: Buffer.byteLength(text),
    total: res.headers.get('x-total-count'),
  };
}

/** autocannon on one URL; latencies come from every response, so p95 is exact. */
function load(url, headers) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      { url, connections, duration: seconds, pipelining: 1, timeout, headers },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          rps: result.requests.average,
          p50: quantile(latencies, 0.5),
          p95: quantile(latencies, 0.95),
          p99: quantile(latencies, 0.99),
          non2xx: result.non2xx,
          // autocannon counts timeouts among its errors.
          errors: result.errors,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

const server = await serverFromOptions(options);
const rssAfterStart = server.pid ? memoryOf(server.pid).rss : 0;
const rows = [];
try {
  const api = `${server.url}/api`;
  const publisher = await login(server.url, options.publisher, options['publisher-password']);
  const student = await login(server.url, options.student, options['student-password']);
  if (!publisher.orgId) throw new Error(`${options.publisher} is not a publisher`);

  const catalogue = await getJson(`${api}/courses/GetAllCoursesDetail${paged({ page: 1, pageSize: 12 })}`);
  const catalogueTotal = Number(catalogue.total ?? 0);
  const list = catalogue.body;
  if (!Array.isArray(list) || list.length === 0) throw new Error('the catalogue is empty');
  // The last page when the server says how many there are; a deep page either way.
  const deepPage = catalogueTotal > 0 ? Math.ceil(catalogueTotal / 12) : 800;
  const publicCourse = list[Math.floor(list.length / 2)].course_Id;
  const assigned = (await getJson(`${api}/studentCourse/GetAssignedCourses/${student.userId}`, student.token))
    .body;
  const enrolledCourse = assigned[0]?.course_Id;
  if (!enrolledCourse) throw new Error(`${options.student} is enrolled in no course`);

  const targets = [
    ['catalogue page 1', `/courses/GetAllCoursesDetail${paged({ page: 1, pageSize: 12 })}`],
    [`catalogue page ${deepPage}`, `/courses/GetAllCoursesDetail${paged({ page: deepPage, pageSize: 12 })}`],
    [
      `catalogue search "${options['search-course']}"`,
      `/courses/GetAllCoursesDetail${paged({ page: 1, pageSize: 12, search: options['search-course'] })}`,
    ],
    ['course detail', `/courses/details/${publicCourse}`],
    ['preview sections', `/courseSections/GetCourseSectionsByCourseIdForPreview/${publicCourse}`],
    [
      'publisher: courses',
      `/courses/GetCoursesbyOrgId${paged({ org_Id: publisher.orgId, page: 1, pageSize: 12 })}`,
      publisher.token,
    ],
    [
      'publisher: categories',
      `/coursecategory/GetCourseCategoriesByOrgId${paged({ org_Id: publisher.orgId, page: 1, pageSize: 10 })}`,
      publisher.token,
    ],
    [
      'publisher: authors',
      `/authors/GetAuthorByOrgId${paged({ org_Id: publisher.orgId, page: 1, pageSize: 5 })}`,
      publisher.token,
    ],
    [
      'publisher: students',
      `/studentCourse/getStudentByOrgID/${publisher.orgId}${paged({ page: 1, pageSize: 10 })}`,
      publisher.token,
    ],
    [
      `publisher: students search "${options['search-student']}"`,
      `/studentCourse/getStudentByOrgID/${publisher.orgId}${paged({ page: 1, pageSize: 10, search: options['search-student'] })}`,
      publisher.token,
    ],
    ['publisher: sales', `/orders/GetSalesByOrgId${paged({ page: 1, pageSize: 10 })}`, publisher.token],
    [
      `publisher: sales search "${options['search-course']}"`,
      `/orders/GetSalesByOrgId${paged({ page: 1, pageSize: 10, search: options['search-course'] })}`,
      publisher.token,
    ],
    [
      'student: my courses',
      `/studentCourse/GetAssignedCourses/${student.userId}${paged({ page: 1, pageSize: 12 })}`,
      student.token,
    ],
    [
      'student: purchases',
      `/orders/GetPurchasesByUserId/${student.userId}${paged({ page: 1, pageSize: 10 })}`,
      student.token,
    ],
    [
      'student: course sections',
      `/courseSections/GetCourseSectionsByCourseId/${enrolledCourse}`,
      student.token,
    ],
  ].filter(([name]) => !options.only || name.includes(options.only));

  for (const [name, path, token] of targets) {
    const url = `${api}${path}`;
    const headers = {
      'accept-encoding': acceptEncoding,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    const probeStarted = performance.now();
    const first = await probe(url, headers);
    const firstMs = performance.now() - probeStarted;
    const json = first.status < 300 ? (await getJson(url, token)).jsonBytes : 0;
    const result = await load(url, headers);
    // Requests still queued in the server when the run ended would slow the next call's start:
    // one more request waits behind them (the embedded database answers in order).
    await probe(url, headers).catch(() => undefined);
    const row = {
      call: name,
      path: `/api${path}`,
      status: first.status,
      jsonBytes: json,
      wireBytes: first.wireBytes,
      encoding: first.encoding,
      total: first.total ?? '',
      firstMs,
      ...result,
    };
    rows.push(row);
    console.error(
      `${name}: ${Math.round(result.rps)} req/s, p99 ${Math.round(result.p99)} ms, ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  }
} finally {
  const peak = server.pid ? memoryOf(server.pid).hwm : 0;
  await server.stop();
  const fmt = (n) => (Number.isFinite(n) ? String(Math.round(n)) : '-');
  console.log(
    `\n${connections} connections, ${seconds} s per call (timeout ${timeout} s); "first" is one request alone before the load, accept-encoding "${acceptEncoding}"${options.unpaged ? ', unpaged' : ''}\n`,
  );
  console.log(
    '| call | first ms | p50 ms | p95 ms | p99 ms | req/s | requests | non-2xx | errors | JSON bytes | wire bytes | X-Total-Count |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.call} | ${fmt(r.firstMs)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.rps)} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${r.jsonBytes} | ${r.wireBytes} (${r.encoding}) | ${r.total} |`,
    );
  }
  if (server.pid) {
    console.log(`\nServer memory: ${mib(rssAfterStart)} resident after start, peak ${mib(peak)} (VmHWM)`);
  }
  if (options.json) console.log(JSON.stringify({ rssAfterStart, peak, rows }, null, 2));
}
