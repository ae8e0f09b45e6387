// What the first-page benchmarks (first-page.mjs, lighthouse.mjs) share: the server they open, the public
// pages they visit, and how a median and its spread are told.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './server.mjs';

export const PAGES_HELP = `  --pages <list>         comma-separated paths (default /,/courses,course); "course" is the course page
                         of the first course in the catalogue (/courseDetail?id=...)`;

/**
 * The compiled server on a new DATA_DIR with the demo content (removed afterwards), or the one at
 * `options.url` (left running).
 */
export async function openServer(options, prefix) {
  if (options.url) return { url: options.url.replace(/\/$/, ''), stop: async () => {} };
  const dataDir = options['data-dir'] ?? mkdtempSync(path.join(tmpdir(), `skillwise-${prefix}-`));
  const server = await startServer({
    port: Number(options.port),
    dataDir,
    databaseUrl: options['database-url'],
    publicCacheSeconds: Number(options['public-cache-seconds'] ?? 5),
    env: { SEED_DEMO: 'true' },
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      if (!options['data-dir']) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `course` stands for the course page of the catalogue's first course; any other value is a path. */
export async function resolvePath(url, page) {
  if (page !== 'course') return page;
  const res = await fetch(`${url}/api/courses/GetAllCoursesDetail?page=1&pageSize=1`);
  const [course] = await res.json();
  if (!course) throw new Error('the catalogue is empty: no course page to open');
  return `/courseDetail?id=${course.course_Id}`;
}

/** The pages named by `--pages`, as paths. */
export async function pagePaths(url, list) {
  const paths = [];
  for (const page of list.split(',').map((p) => p.trim())) paths.push(await resolvePath(url, page));
  return paths;
}

/** The median of a list of numbers (the lower middle one for an even count), or NaN for none. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)];
}

/** "min-max" of a list of numbers, formatted; one value alone when they are all the same. */
export function spread(values, format = String) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? format(low) : `${format(low)}-${format(high)}`;
}

/** The machine's load average over the last minute: the figures mean little when it is high. */
export async function loadAverage() {
  const { loadavg } = await import('node:os');
  return loadavg()[0] ?? 0;
}

/**
 * A response's decoded body and, when Chromium says, what came over the wire (Playwright's
 * request.sizes(): its headers and encoded body); an empty body and no sizes once the page is gone.
 */
export async function bodyAndSizes(response) {
  const body = await response.body().catch(() => Buffer.alloc(0));
  const sizes = await response
    .request()
    .sizes()
    .catch(() => undefined);
  return { body, sizes };
}
