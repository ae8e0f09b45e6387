import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig, SETTING_NAMES } from './config';
import { API_ROOT } from './lib/paths';

// The container recipe (Dockerfile, compose.yaml) cannot run in the test suite; what it sets can be
// checked: every variable is a setting the configuration reads, and together they pass its checks.

const repoRoot = path.resolve(API_ROOT, '../..');
const read = (name: string) => readFileSync(path.join(repoRoot, name), 'utf8');

/** What `docker compose` would read from .env for the `${NAME:?...}` references. */
const DOT_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: 'postgres-password',
  MINIO_ROOT_PASSWORD: 'minio-password',
  APP_SECRET: 'a'.repeat(40),
};

/** Compose's interpolation: `${NAME}`, `${NAME:?message}`, `${NAME:-default}`; `$$` is a dollar. */
const interpolate = (value: string) =>
  value
    .replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
      const given = DOT_ENV[name];
      if (given !== undefined) return given;
      if (kind === '-') return rest ?? '';
      throw new Error(`compose.yaml needs ${name}${kind === '?' ? `: ${rest}` : ''}`);
    })
    .replace(/\$\$/g, '$');

const unquote = (value: string) => value.trim().replace(/^"(.*)"$/, '$1');

/** The `KEY: value` lines of the mapping that starts at `header` (a line of compose.yaml), as written. */
function mapping(lines: string[], header: RegExp): Record<string, string> {
  const start = lines.findIndex((line) => header.test(line));
  if (start === -1) throw new Error(`compose.yaml has no ${header}`);
  const indent = (lines[start]?.search(/\S/) ?? 0) + 2;
  const result: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (line.search(/\S/) < indent) break;
    const match = /^\s*([A-Z0-9_]+):\s*(.*)$/.exec(line);
    if (match?.[1]) result[match[1]] = unquote(match[2] ?? '');
  }
  return result;
}

/** The ENV of the Dockerfile's last stage (the image that runs). */
function dockerfileEnv(): Record<string, string> {
  const text = read('Dockerfile').replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM /m);
  const last = stages[stages.length - 1] ?? '';
  const env: Record<string, string> = {};
  for (const line of last.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const pair of line.slice(4).trim().split(/\s+/)) {
      const [key = '', ...value] = pair.split('=');
      env[key] = value.join('=');
    }
  }
  return env;
}

test('the image’s settings are settings, and the server accepts them', () => {
  const env = dockerfileEnv();
  expect(Object.keys(env).sort()).toEqual(['DATA_DIR', 'HOST', 'NODE_ENV', 'PORT']);
  for (const name of Object.keys(env)) expect(SETTING_NAMES).toContain(name);
  const config = loadConfig(env);
  expect(config).toMatchObject({ dataDir: '/data', port: 3000, host: '0.0.0.0', env: 'production' });
  const dockerfile = read('Dockerfile');
  expect(dockerfile).toContain(`EXPOSE ${config.port}`);
  expect(dockerfile).toMatch(/VOLUME \["\/data"\]/);
  expect(dockerfile).toMatch(/^USER node$/m);
  expect(dockerfile).toContain('/api/health');
  expect(dockerfile).toContain('apps/api/dist/server.js');
});

test('compose.yaml gives the app instances only settings the server accepts, pointing at its own services', () => {
  const lines = read('compose.yaml').split('\n');
  // The instances' settings: the environment of the x-app block both app services merge in.
  const written = mapping(lines, /^ {2}environment:$/);
  for (const name of Object.keys(written)) expect(SETTING_NAMES).toContain(name);
  const env = Object.fromEntries(Object.entries(written).map(([key, value]) => [key, interpolate(value)]));
  const config = loadConfig({ ...dockerfileEnv(), ...env });

  // The instances listen on the container's every interface, set in compose.yaml itself too.
  expect(written.HOST).toBe('0.0.0.0');
  expect(config.host).toBe('0.0.0.0');

  // Several instances need all of these (README "Running several instances").
  expect(config.databaseUrl).toBeDefined();
  expect(config.appSecret).toBe(DOT_ENV.APP_SECRET);
  expect(config.s3).toMatchObject({ bucket: 'skillwise', forcePathStyle: true });

  // The database, the bucket and its credentials are those the other services create.
  const service = (name: string) => mapping(lines.slice(lines.indexOf(`  ${name}:`)), /^ {4}environment:$/);
  const postgres = service('postgres');
  const url = new URL(config.databaseUrl ?? '');
  expect(url.hostname).toBe('postgres');
  expect(url.username).toBe(postgres.POSTGRES_USER);
  expect(url.pathname).toBe(`/${postgres.POSTGRES_DB}`);
  expect(decodeURIComponent(url.password)).toBe(interpolate(postgres.POSTGRES_PASSWORD ?? ''));
  const minio = service('minio');
  expect(config.s3?.accessKeyId).toBe(minio.MINIO_ROOT_USER);
  expect(config.s3?.secretAccessKey).toBe(interpolate(minio.MINIO_ROOT_PASSWORD ?? ''));
  expect(read('compose.yaml')).toContain(`mc mb --ignore-existing local/${config.s3?.bucket}`);
  // Each instance has a DATA_DIR volume of its own.
  expect(read('compose.yaml')).toMatch(/app1-data:\/data[\s\S]*app2-data:\/data/);
});
