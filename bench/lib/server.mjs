// Starting, measuring and stopping the app for the benchmarks, in one place.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * How the server is started. `npm run serve` follows whatever package.json says (the compiled server or
 * tsx on the sources), so a change there needs no change here; change only this function if it must.
 * With a `prefix` (a tool that runs the server, valgrind for one) the serve script's own `node` command
 * is run under it directly, with the same flags: the tool then sees the server, not npm.
 */
export function serverCommand(prefix = []) {
  if (prefix.length === 0) return { command: 'npm', args: ['run', 'serve', '--silent'], cwd: root };
  const serve = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;
  const words = serve.trim().split(/\s+/);
  if (words[0] !== 'node' || /[&|;<>$`'"]/.test(serve))
    throw new Error(`the serve script is not one plain node command: ${serve}`);
  return { command: prefix[0], args: [...prefix.slice(1), process.execPath, ...words.slice(1)], cwd: root };
}

/** The options every benchmark that may start its own server understands (node:util parseArgs). */
export const serverOptions = {
  url: { type: 'string' },
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  port: { type: 'string', default: '3400' },
  'public-cache-seconds': { type: 'string', default: '5' },
  'server-pid': { type: 'string' },
};

export const serverHelp = `Server (one of):
  --url <http://127.0.0.1:3400>    a server that is already running (give --server-pid <pid> to report its memory)
  --data-dir <dir>                 start one on this DATA_DIR (embedded database; the folder must not be in use)
  --database-url <postgres://...>  start one on this PostgreSQL database (with --data-dir for its files, or a
                                   temporary DATA_DIR without them)
  --port <n>                       port of the started server (default 3400)
  --public-cache-seconds <n>       PUBLIC_CACHE_SECONDS of the started server (default 5; 0 turns the cache off)`;

/** Whether a process still runs (a zombie's status has no VmRSS: it counts as ended). */
const alive = (pid) => memoryOf(pid).rss > 0;

/** Signals the process group the server was started in: npm, its shell, tsx and node, nothing else. */
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {}
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of a process, in bytes (0 when it is gone). */
export function memoryOf(pid) {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { rss: 0, hwm: 0 };
  }
  const field = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1] ?? 0) * 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** CPU seconds (user and system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat(5): 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds by thread name (the main thread, libuv's pool, V8's helpers) of a process so far. */
export function threadSeconds(pid) {
  const byName = {};
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byName[name] = (byName[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return byName;
}

export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** The pids of a process's children (nginx's workers under its master). */
export function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function descendantsOf(pid) {
  const all = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift();
    for (const child of childrenOf(next)) {
      all.push(child);
      queue.push(child);
    }
  }
  return all;
}

/** Socket inodes listening on `port` (IPv4 and IPv6). */
function listeningInodes(port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const localPort = Number.parseInt(cols[1]?.split(':')[1] ?? '', 16);
      if (localPort === port && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  return inodes;
}

/**
 * The process that actually serves: `npm run serve` starts a shell, tsx and then node, and only the
 * last one's memory is the server's. It is the descendant holding the listening socket.
 */
function serverPidUnder(pid, port) {
  const inodes = listeningInodes(port);
  for (const candidate of [pid, ...descendantsOf(pid)]) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${candidate}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${candidate}/fd/${fd}`);
        const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
        if (inode && inodes.has(inode)) return candidate;
      } catch {}
    }
  }
  return undefined;
}

async function waitForHealth(url, child, timeoutMs, prefix) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const { command, args } = serverCommand(prefix);
      throw new Error(
        `the server (${command} ${args.join(' ')}) exited with code ${child.exitCode} before answering; is it built?`,
      );
    }
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${url}/api/health did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts the app on 127.0.0.1:`port` with the given DATA_DIR and/or DATABASE_URL, waits until it
 * answers, and answers its URL, the serving process's pid and `stop()`. The server runs in its own
 * process group, so stopping it ends npm, tsx and node together and nothing else.
 */
export async function startServer({
  port,
  dataDir,
  databaseUrl,
  publicCacheSeconds = 5,
  env = {},
  prefix = [],
}) {
  if (!dataDir) throw new Error('startServer needs a DATA_DIR (the files and the app secret live there)');
  const { command, args, cwd } = serverCommand(prefix);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PUBLIC_CACHE_SECONDS: String(publicCacheSeconds),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // Every benchmark client comes from 127.0.0.1: the per-address login limit would stop them.
      RATE_LIMIT_ADDRESS_MAX: '1000000',
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let serverPid;
  const running = () =>
    (child.exitCode === null && child.signalCode === null) || (serverPid !== undefined && alive(serverPid));
  const stop = async () => {
    if (!running()) return;
    signalGroup(child.pid, 'SIGTERM');
    // The server first finishes the requests it holds (a queue of slow list queries on the embedded
    // database can take a minute), then the embedded database writes its last pages: forcing it
    // earlier would leave the database to be recovered at the next start.
    const deadline = Date.now() + 180_000;
    while (running() && Date.now() < deadline) await Promise.race([exited, sleep(250)]);
    if (running()) {
      console.error(`The server (pid ${serverPid ?? child.pid}) did not stop within 180 s; killing it.`);
      signalGroup(child.pid, 'SIGKILL');
    }
  };
  try {
    await waitForHealth(url, child, 300_000, prefix);
    serverPid = serverPidUnder(child.pid, port);
    if (!serverPid) throw new Error(`no process under ${child.pid} listens on port ${port}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: serverPid, stop };
}

/**
 * The server a benchmark talks to: the one at --url, or one it starts from --data-dir/--database-url.
 * Answers { url, pid (may be undefined), stop, started }.
 */
export async function serverFromOptions(values, env = {}) {
  if (values.url) {
    const pid = values['server-pid'] ? Number(values['server-pid']) : undefined;
    return { url: values.url.replace(/\/$/, ''), pid, stop: async () => {}, started: false };
  }
  if (!values['data-dir'] && !values['database-url']) {
    throw new Error('give --url, --data-dir or --database-url (see --help)');
  }
  let dataDir = values['data-dir'];
  let temporary;
  if (!dataDir) {
    temporary = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-'));
    dataDir = temporary;
  }
  const server = await startServer({
    port: Number(values.port),
    dataDir,
    databaseUrl: values['database-url'],
    publicCacheSeconds: Number(values['public-cache-seconds']),
    env,
  });
  return {
    ...server,
    started: true,
    stop: async () => {
      await server.stop();
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    },
  };
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/**
 * Loads `url` with wrk (apt-get install wrk), a client in C: one thread, 100 connections for `seconds`.
 * Answers requests a second, the 99th percentile and the slowest latency in ms, and the failures.
 */
export function loadWithWrk(url, seconds) {
  const run = spawnSync('wrk', ['-t1', '-c100', `-d${seconds}s`, '--latency', url], { encoding: 'utf8' });
  if (run.error) throw new Error(`wrk: ${run.error.message} (apt-get install wrk)`);
  const out = run.stdout;
  const ms = (pattern) => {
    const match = out.match(pattern);
    return match ? Number(match[1]) * UNIT_MS[match[2]] : Number.NaN;
  };
  const socketErrors = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? Number.NaN),
    p99: ms(/^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m),
    max: ms(/^\s*Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)/m),
    errors:
      Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

/**
 * Loads a server with autocannon (its options: url, connections, duration, headers...). Answers requests
 * a second, the 99th percentile latency in ms, and the failures (errors and answers other than 2xx).
 */
export const loadWithAutocannon = (options) =>
  new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, ...options }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: result.requests.average,
            p99: result.latency.p99,
            errors: result.errors + result.non2xx,
          }),
    );
  });

/** The middle of the numbers (the upper one of the two middles of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Loads `count` published courses into a DATA_DIR (embedded database) or a PostgreSQL URL with
 * bench/seed-catalogue.ts.
 */
export function seedCatalogue(target, count) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/seed-catalogue.ts', target, String(count)],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('seeding failed');
}

/** The value at quantile q (0..1) of ascending-sorted numbers. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** POST users/Login: answers { token, userId, orgId, roleId }. */
export async function login(url, email, password) {
  const res = await fetch(`${url}/api/users/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || !body.token) throw new Error(`login of ${email}: ${res.status} ${JSON.stringify(body)}`);
  return {
    token: body.token,
    userId: body.user?.user_id,
    orgId: body.user?.org_Id,
    roleId: body.user?.role_id,
  };
}

/**
 * A bare server answering the captured bytes from memory: the ceiling for this machine and client. It
 * runs in its own process (bench/lib/bare-server.mjs), as the app does, so that neither shares the
 * load generator's thread. `prefix` runs it under a tool, as serverCommand does the app.
 */
export async function startBareServer(port, bodies, headersOf = () => ({}), prefix = []) {
  return startBareServerWith(port, bodies, { headersOf, prefix });
}

/**
 * startBareServer with its options by name, and one more: `ignoreQuery`, to answer a URL's path whatever
 * its query (bench/lib/bare-server.mjs --ignore-query).
 */
export async function startBareServerWith(
  port,
  bodies,
  { headersOf = () => ({}), prefix = [], ignoreQuery = false } = {},
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillwise-bare-'));
  const answers = {};
  Object.entries(bodies).forEach(([url, body], i) => {
    const file = path.join(dir, `${i}.json`);
    writeFileSync(file, body);
    answers[url] = { file, headers: headersOf(url) };
  });
  writeFileSync(path.join(dir, 'answers.json'), JSON.stringify(answers));
  const script = [
    path.join(root, 'bench/lib/bare-server.mjs'),
    String(port),
    path.join(dir, 'answers.json'),
    ...(ignoreQuery ? ['--ignore-query'] : []),
  ];
  const [command, ...args] = [...prefix, process.execPath, ...script];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  try {
    await new Promise((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (text) => {
        if (text.includes('listening')) resolve();
      });
      exited.then(() => reject(new Error('the bare server exited before listening')));
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the app sent beside the body (its security headers, ETag, caching, total, Vary). */
const PER_CONNECTION = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'content-encoding',
]);
export async function visitorAnswer(url) {
  // As autocannon asks: no accept-encoding, so the plain answer and its own headers.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_CONNECTION.has(name)));
  return { body: Buffer.from(await response.arrayBuffer()), headers };
}

/**
 * Nanoseconds each process has run on a CPU so far (/proc/<pid>/schedstat), by pid; a process gone is left
 * out. Finer than cpuSeconds' clock ticks, for processes that run a few milliseconds at a time.
 */
export function cpuNanoseconds(pids) {
  const byPid = new Map();
  for (const pid of pids) {
    try {
      byPid.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {}
  }
  return byPid;
}

/**
 * A seeded random sequence in [0, 1) (mulberry32): the same choices in every run, for a journey's students
 * (bench/journey.mjs) and for the ids asked of the app and its references (bench/instructions.mjs).
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
