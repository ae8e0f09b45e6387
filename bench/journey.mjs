#!/usr/bin/env node
// Many students studying at once: each virtual student from the scale data set arrives at its own
// moment during the ramp, logs in, then goes through its journey again and again until the time is
// up: the catalogue, a course page and its preview, one of its own courses, a lesson's content URL,
// the lesson's file through that signed URL as a player reads it (a first Range request, then one or
// two seeks), and marks the lesson started, pausing between pages as a person does (--think-ms).
// Reports each step's count, errors and latency percentiles, the server's memory during the run and at
// its peak, and whether media requests made while logins hash their passwords are starved by them.
// With --against-replay the same journey (the same students making the same choices and pauses: each
// student draws from a random sequence of its own) then runs twice against bench/lib/replay-server.mjs,
// which answers every request with the bytes the app answered it with: the app's time per step beside
// the replay's, and the replay's second run beside its first as the noise of the comparison.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jsonOption, optionError, readOptions } from './lib/cli.mjs';
import { replayKey } from './lib/replay-server.mjs';
import {
  cpuSeconds,
  memoryOf,
  mib,
  quantile,
  root,
  seededRandom,
  serverFromOptions,
  serverHelp,
  serverOptions,
} from './lib/server.mjs';

const HELP = `Usage: node bench/journey.mjs [options]

${serverHelp}
  A started server allows unlimited logins per address (RATE_LIMIT_ADDRESS_MAX); a running one given by
  --url must allow as many logins from 127.0.0.1 as there are students.

Load:
  --students <n>           virtual students: student<first>..student<first+n-1>@scale.example (default 1000)
  --first <n>              the first student's number (default 1)
  --password <text>        their password (default student123)
  --seconds <n>            how long to run (default 60)
  --ramp <n>               seconds over which the students arrive, evenly (default: half of --seconds)
  --think-ms <n>           a student's pause between two pages, on average (default 1000; 0 = none)
  --max-journeys <n>       stop after this many journeys even if time is left (default 1000000)
  --relogin                log in at the start of every journey (default: once per student, as a browser keeps its token)
  --no-media               leave out the lesson media step (also --media false)
  --media-kib <n>          bytes of one Range request of the media step, in KiB (default 256)
  --against-replay         then run the same journey twice against a server replaying the app's answers
                           (bench/lib/replay-server.mjs) and print each step's time beside the replay's
  --json                   also print the results as JSON
  --help                   this text

Example: node bench/journey.mjs --data-dir /work/scale-data --seconds 60`;

const options = readOptions(HELP, {
  ...serverOptions,
  students: { type: 'string', default: '1000' },
  first: { type: 'string', default: '1' },
  password: { type: 'string', default: 'student123' },
  seconds: { type: 'string', default: '60' },
  ramp: { type: 'string' },
  'think-ms': { type: 'string', default: '1000' },
  'max-journeys': { type: 'string', default: '1000000' },
  relogin: { type: 'boolean', default: false },
  media: { type: 'string', default: 'true' },
  'no-media': { type: 'boolean', default: false },
  'media-kib': { type: 'string', default: '256' },
  'against-replay': { type: 'boolean', default: false },
  ...jsonOption,
});

const STUDENTS = Number(options.students);
const FIRST = Number(options.first);
const SECONDS = Number(options.seconds);
const RAMP_MS = Number(options.ramp ?? SECONDS / 2) * 1000;
const THINK_MS = Number(options['think-ms']);
const MAX_JOURNEYS = Number(options['max-journeys']);
if (!['true', 'false'].includes(options.media)) optionError('--media is true or false (see --help)');
const MEDIA = options.media === 'true' && !options['no-media'];
const MEDIA_BYTES = Number(options['media-kib']) * 1024;
if (!(Number.isInteger(MEDIA_BYTES) && MEDIA_BYTES > 0))
  optionError('--media-kib must be a positive whole number (see --help)');
/** A media request answered later than this kept a player waiting: it counts as starved. */
const STARVED_MS = 1000;
/** Below this the shared lesson file is too small for a seek to read another part of it. */
const SMALL_FILE_BYTES = 1024 * 1024;
/** A request that takes longer than this counts as an error and frees its slot. */
const REQUEST_TIMEOUT_MS = 30_000;
const STEPS = [
  'login',
  'catalogue page 1',
  'my courses',
  'course detail',
  'preview sections',
  'course sections',
  'lesson content URL',
  ...(MEDIA ? ['lesson media'] : []),
  'lesson started',
];

/** What a recording keeps of an answer's headers: not those of the connection or of the body's length. */
const NOT_RECORDED = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-encoding',
  'transfer-encoding',
]);

/**
 * One run of the journey against `base`: its figures, and with `record` the app's answers to replay.
 * `limits` (index -> journeys) makes each student go through as many journeys as it did in a recorded
 * run, whatever the time, so that a replay is asked exactly what was recorded.
 */
function newRun(base, { record = false, limits } = {}) {
  return {
    base,
    api: `${base}/api`,
    stats: new Map(
      STEPS.map((name) => [name, { count: 0, errors: 0, busy: 0, latencies: [], statuses: {} }]),
    ),
    /** Logins sent and not yet answered, and logins sent so far (see rangeCall). */
    loginsInFlight: 0,
    loginsSent: 0,
    /** Per Range request of the media step: { ms, ok, timedOut, duringLogin }. */
    mediaSamples: [],
    /** Sizes of the lesson files read (Content-Range), to tell when seeks are too short to mean anything. */
    mediaFileSizes: new Set(),
    /** Per student: token, id and enrolled courses, kept between journeys as a browser keeps them. */
    sessions: new Map(),
    journeys: 0,
    completed: 0,
    perStudent: new Map(),
    limits,
    recording: record ? { answers: {}, mediaPath: undefined } : undefined,
    deadline: 0,
  };
}

/**
 * One request, timed; a non-2xx answer or a network error counts as an error and answers undefined. A
 * 503 with Retry-After (the server's password-hash line is full) is not an error but a "busy" answer:
 * it answers { retryAfter } in seconds, and the caller tries again then, as a person would.
 */
async function call(run, step, url, init = {}) {
  const entry = run.stats.get(step);
  const started = performance.now();
  let status = 'network';
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    status = String(res.status);
    entry.count++;
    // Every answer is kept, a busy one too (the last one of a request wins), so that a replay answers
    // what the app answered.
    if (run.recording) {
      const { pathname, search } = new URL(url);
      run.recording.answers[
        replayKey(init.method ?? 'GET', pathname + search, init.headers?.authorization, init.body)
      ] = {
        status: res.status,
        headers: [...res.headers].filter(([name]) => !NOT_RECORDED.has(name)),
        body: text,
        encoding: res.headers.get('content-encoding') ?? undefined,
      };
    }
    if (res.status === 503 && res.headers.get('retry-after')) {
      // Counted apart: the step's latencies are those of the answers that did the work.
      entry.busy++;
      return { retryAfter: Number(res.headers.get('retry-after')) || 1 };
    }
    entry.latencies.push(performance.now() - started);
    if (!res.ok) {
      entry.errors++;
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
      return undefined;
    }
    return text ? JSON.parse(text) : null;
  } catch (error) {
    entry.count++;
    entry.errors++;
    const kind = error?.name === 'TimeoutError' ? 'timeout' : status;
    entry.statuses[kind] = (entry.statuses[kind] ?? 0) + 1;
    return undefined;
  }
}

/**
 * One Range request of `bytes` bytes from `start` of a lesson file, as a player sends it: counts as one
 * sample of the media step, timed until the last byte arrived. Answers the file's size from
 * Content-Range, or undefined when the answer is not a 206 of the right length (an error). A media
 * request counts as made while a login was in flight when one was in flight as it started or one was
 * sent before it was answered.
 */
async function rangeCall(run, url, start, bytes) {
  const entry = run.stats.get('lesson media');
  const overlapping = run.loginsInFlight > 0;
  const loginsBefore = run.loginsSent;
  const started = performance.now();
  const sample = { ms: 0, ok: false, timedOut: false, duringLogin: false };
  let kind;
  let size;
  try {
    const res = await fetch(url, {
      headers: { range: `bytes=${start}-${start + bytes - 1}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.arrayBuffer();
    const range = res.headers.get('content-range')?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
    if (res.status !== 206) kind = String(res.status);
    else if (!range || Number(range[1]) !== start) kind = 'bad Content-Range';
    else {
      size = Number(range[3]);
      const expected = Math.min(start + bytes, size) - start;
      if (body.byteLength !== expected || Number(range[2]) - start + 1 !== expected) kind = 'short body';
    }
  } catch (error) {
    kind = error?.name === 'TimeoutError' ? 'timeout' : 'network';
    sample.timedOut = kind === 'timeout';
  }
  sample.ms = performance.now() - started;
  sample.duringLogin = overlapping || run.loginsSent !== loginsBefore || run.loginsInFlight > 0;
  sample.ok = kind === undefined;
  run.mediaSamples.push(sample);
  entry.count++;
  if (!sample.timedOut && kind !== 'network') entry.latencies.push(sample.ms);
  if (!sample.ok) {
    entry.errors++;
    entry.statuses[kind] = (entry.statuses[kind] ?? 0) + 1;
    return undefined;
  }
  run.mediaFileSizes.add(size);
  return size;
}

/**
 * The lesson media step: the file behind a signed content URL read the way a player reads it, its start
 * first, then one or two seeks of the same length at random places within the size Content-Range gave.
 */
async function playLesson(run, random, contentPath) {
  const url = new URL(contentPath, run.base).href;
  if (run.recording) run.recording.mediaPath ??= contentPath;
  const size = await rangeCall(run, url, 0, MEDIA_BYTES);
  if (size === undefined) return;
  const seeks = 1 + Math.floor(random() * 2);
  for (let i = 0; i < seeks; i++) {
    await rangeCall(run, url, Math.floor(random() * Math.max(1, size - MEDIA_BYTES)), MEDIA_BYTES);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function journey(run, n, random) {
  const { api } = run;
  const pick = (list) => list[Math.floor(random() * list.length)];
  /** A person's pause before the next page: THINK_MS on average, from half to one and a half of it. */
  const think = () => (THINK_MS > 0 ? sleep(THINK_MS * (0.5 + random())) : undefined);
  const email = `student${n}@scale.example`;
  let session = options.relogin ? undefined : run.sessions.get(n);
  if (!session) {
    let answer;
    for (;;) {
      run.loginsInFlight++;
      run.loginsSent++;
      try {
        answer = await call(run, 'login', `${api}/users/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: email, password: options.password }),
        });
      } finally {
        run.loginsInFlight--;
      }
      if (answer?.retryAfter === undefined || Date.now() >= run.deadline) break;
      await sleep(answer.retryAfter * 1000);
    }
    if (!answer?.token) return;
    session = { token: answer.token, userId: answer.user?.user_id, courses: undefined };
    run.sessions.set(n, session);
  }
  const auth = { authorization: `Bearer ${session.token}` };
  await think();
  const catalogue = await call(
    run,
    'catalogue page 1',
    `${api}/courses/GetAllCoursesDetail?page=1&pageSize=12`,
  );
  if (!session.courses) {
    // The courses this student is enrolled in, as the student area asks for them.
    await think();
    const mine = await call(run, 'my courses', `${api}/studentCourse/GetAssignedCourses/${session.userId}`, {
      headers: auth,
    });
    if (!Array.isArray(mine) || mine.length === 0) return;
    session.courses = mine.map((c) => c.course_Id);
  }
  const browsed =
    Array.isArray(catalogue) && catalogue.length > 0 ? pick(catalogue).course_Id : session.courses[0];
  await think();
  await call(run, 'course detail', `${api}/courses/details/${browsed}`, { headers: auth });
  await think();
  await call(
    run,
    'preview sections',
    `${api}/courseSections/GetCourseSectionsByCourseIdForPreview/${browsed}`,
  );
  const course = pick(session.courses);
  await think();
  const sections = await call(
    run,
    'course sections',
    `${api}/courseSections/GetCourseSectionsByCourseId/${course}`,
    {
      headers: auth,
    },
  );
  const lessons = Array.isArray(sections) ? sections.flatMap((s) => s.lessons ?? []) : [];
  if (lessons.length === 0) return;
  const lessonId = pick(lessons).lesson_Id;
  await think();
  const content = await call(run, 'lesson content URL', `${api}/lessons/GetLessonContentUrl/${lessonId}`, {
    headers: auth,
  });
  // The player asks for the file as soon as it has the URL, with no pause.
  if (MEDIA && content?.content_path) await playLesson(run, random, content.content_path);
  await think();
  await call(
    run,
    'lesson started',
    `${api}/lessons/ChangeLessonStartedFlag?lesson_Id=${lessonId}&lessonstarted=true`,
    {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ lesson_Id: lessonId, lessonstarted: true }),
    },
  );
  run.completed++;
}

/**
 * One virtual student: arrives at its moment of the ramp, then studies until the time is up (or, in a
 * replay, for as many journeys as it made in the recorded run).
 */
async function student(run, index) {
  const random = seededRandom(FIRST + index);
  await sleep((RAMP_MS * index) / STUDENTS);
  const limit = run.limits?.get(index) ?? 0;
  let made = 0;
  while (run.limits ? made < limit : Date.now() < run.deadline && run.journeys < MAX_JOURNEYS) {
    run.journeys++;
    made++;
    await journey(run, FIRST + index, random);
  }
  run.perStudent.set(index, made);
}

/** Runs the journey of every student against run.base; answers the elapsed seconds. */
async function drive(run) {
  run.deadline = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: STUDENTS }, (_, index) => student(run, index)));
  return (performance.now() - started) / 1000;
}

/** Each step's count, errors, busy answers and latency percentiles. */
function stepRows(run, elapsed) {
  return STEPS.map((name) => {
    const entry = run.stats.get(name);
    const sorted = entry.latencies.sort((a, b) => a - b);
    return {
      step: name,
      count: entry.count,
      errors: entry.errors,
      busy: entry.busy,
      statuses: entry.statuses,
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
      perSecond: entry.count / elapsed,
    };
  });
}

/** Count, latency percentiles and maximum, starved (over STARVED_MS), failed and timed out, of samples. */
function mediaFigures(samples) {
  const answered = samples.filter((s) => !s.timedOut).map((s) => s.ms);
  const sorted = answered.sort((a, b) => a - b);
  return {
    count: samples.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    starved: samples.filter((s) => !s.timedOut && s.ms > STARVED_MS).length,
    failed: samples.filter((s) => !s.ok && !s.timedOut).length,
    timedOut: samples.filter((s) => s.timedOut).length,
  };
}

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-');

/** Prints the media requests made while a login was in flight beside the others; answers the figures. */
function mediaReport(run) {
  const { mediaSamples } = run;
  const report = {
    rangeBytes: MEDIA_BYTES,
    starvedOverMs: STARVED_MS,
    fileSizes: [...run.mediaFileSizes],
    duringLogin: mediaFigures(mediaSamples.filter((s) => s.duringLogin)),
    noLogin: mediaFigures(mediaSamples.filter((s) => !s.duringLogin)),
    all: mediaFigures(mediaSamples),
  };
  console.log(
    `\nLesson media (Range requests of ${MEDIA_BYTES / 1024} KiB; while a login was in flight = a login was being answered at some moment of the request; starved = answered after more than ${STARVED_MS / 1000} s):\n`,
  );
  console.log(
    '| media requests | count | p50 ms | p95 ms | p99 ms | max ms | starved | failed | timed out |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [label, f] of [
    ['while a login was in flight', report.duringLogin],
    ['with no login in flight', report.noLogin],
    ['all', report.all],
  ]) {
    console.log(
      `| ${label} | ${f.count} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(f.p99)} | ${fmt(f.max)} | ${f.starved} | ${f.failed} | ${f.timedOut} |`,
    );
  }
  const small = report.fileSizes.filter((size) => size < SMALL_FILE_BYTES);
  if (small.length > 0) {
    console.log(
      `\nThe lesson file is ${small.map((size) => `${(size / 1024).toFixed(0)} KiB`).join(', ')}: too small for seeks to read other parts of it. Load the scale data set again (bench/seed-scale.ts writes a lesson guide of a few MiB).`,
    );
  }
  return report;
}

/** Prints each step's figures of one run. */
function printSteps(run, rows, elapsed) {
  const requests = rows.reduce((sum, r) => sum + r.count, 0);
  console.log(
    `\n${STUDENTS} students arriving over ${RAMP_MS / 1000} s, ${THINK_MS} ms between pages, ${elapsed.toFixed(1)} s: ${run.journeys} journeys started, ${run.completed} completed, ${requests} requests (${(requests / elapsed).toFixed(0)}/s)\n`,
  );
  console.log('| step | count | errors | busy (503, tried again) | per s | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const detail = Object.keys(r.statuses).length
      ? ` (${Object.entries(r.statuses)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')})`
      : '';
    console.log(
      `| ${r.step} | ${r.count} | ${r.errors}${detail} | ${r.busy} | ${r.perSecond.toFixed(1)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} |`,
    );
  }
}

/**
 * Starts bench/lib/replay-server.mjs on `port` with the recording of `run` (its answers, and the lesson
 * file read once through the recorded signed URL while the app still runs); answers { url, pid, stop }.
 */
async function recordingFile(run, dir) {
  const recording = { answers: run.recording.answers };
  if (run.recording.mediaPath) {
    const res = await fetch(new URL(run.recording.mediaPath, run.base));
    if (!res.ok) throw new Error(`reading the lesson file to replay: ${res.status}`);
    recording.media = path.join(dir, 'lesson-file');
    writeFileSync(recording.media, Buffer.from(await res.arrayBuffer()));
  }
  const file = path.join(dir, 'recording.json');
  writeFileSync(file, JSON.stringify(recording));
  return file;
}

async function startReplayServer(port, file) {
  const child = spawn(
    process.execPath,
    [path.join(root, 'bench/lib/replay-server.mjs'), String(port), file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  await new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text) => {
      if (text.includes('listening')) resolve();
    });
    exited.then(() => reject(new Error('the replay server exited before listening')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

const server = await serverFromOptions(options);
const rssAfterStart = server.pid ? memoryOf(server.pid).rss : 0;
const rssSamples = [];
const sampler = setInterval(() => {
  if (server.pid) rssSamples.push(memoryOf(server.pid).rss);
}, 1000);

const appRun = newRun(server.url, { record: options['against-replay'] });
const replayDir = options['against-replay']
  ? mkdtempSync(path.join(tmpdir(), 'skillwise-replay-'))
  : undefined;
let elapsed = 0;
let appCpu = Number.NaN;
let replayFile;
try {
  const cpuBefore = server.pid ? cpuSeconds(server.pid) : Number.NaN;
  elapsed = await drive(appRun);
  appCpu = server.pid ? cpuSeconds(server.pid) - cpuBefore : Number.NaN;
  if (replayDir) replayFile = await recordingFile(appRun, replayDir);
} finally {
  clearInterval(sampler);
  const peak = server.pid ? memoryOf(server.pid).hwm : 0;
  await server.stop();
  const rows = stepRows(appRun, elapsed);
  printSteps(appRun, rows, elapsed);
  if (server.pid) {
    const during = rssSamples.filter((v) => v > 0);
    const average = during.length ? during.reduce((a, b) => a + b, 0) / during.length : 0;
    console.log(
      `\nServer memory: ${mib(rssAfterStart)} after start; during the run ${mib(Math.min(...during, Number.POSITIVE_INFINITY) || 0)} to ${mib(Math.max(0, ...during))} (average ${mib(average)}); peak ${mib(peak)} (VmHWM)`,
    );
  }
  const media = MEDIA ? mediaReport(appRun) : undefined;
  const { journeys, completed } = appRun;
  if (options.json && !replayDir)
    console.log(JSON.stringify({ elapsed, journeys, completed, rssAfterStart, peak, rows, media }, null, 2));
}

if (replayDir) {
  try {
    await compareWithReplay();
  } finally {
    rmSync(replayDir, { recursive: true, force: true });
  }
}

/**
 * The same journey twice against the replay of the app's answers: the first run is the reference, the
 * second its twin. Prints per step the app's p50 and p95 beside the replay's, the ratios, and the
 * twin's ratios, then the server CPU per request of each.
 */
async function compareWithReplay() {
  const limits = appRun.perStudent;
  const appRows = stepRows(appRun, elapsed);
  const appRequests = appRows.reduce((sum, r) => sum + r.count, 0);
  const replays = [];
  for (const name of ['replay', 'replay twin']) {
    const replay = await startReplayServer(Number(options.port) + 1, replayFile);
    const run = newRun(replay.url, { limits });
    const cpuBefore = cpuSeconds(replay.pid);
    let seconds;
    try {
      seconds = await drive(run);
    } finally {
      const cpu = cpuSeconds(replay.pid) - cpuBefore;
      await replay.stop();
      const rows = stepRows(run, seconds ?? 1);
      replays.push({ name, rows, cpu, requests: rows.reduce((sum, r) => sum + r.count, 0), seconds });
    }
  }
  const [reference, twin] = replays;
  const ratio = (a, b) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : '-');
  const ms = (n) => (Number.isFinite(n) ? n.toFixed(2) : '-');
  console.log(
    "\nThe same journey against a server replaying the app's answers (bench/lib/replay-server.mjs), then again (its twin). Latency in ms; ratios app / replay and twin / replay:\n",
  );
  console.log(
    '| step | count (app, replay, twin) | errors (app, replay, twin) | app p50 | replay p50 | twin p50 | app / replay p50 | twin / replay p50 | app p95 | replay p95 | twin p95 | app / replay p95 | twin / replay p95 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const comparison = STEPS.map((step, i) => {
    const [a, r, t] = [appRows[i], reference.rows[i], twin.rows[i]];
    console.log(
      `| ${step} | ${a.count}, ${r.count}, ${t.count} | ${a.errors}, ${r.errors}, ${t.errors} | ${ms(a.p50)} | ${ms(r.p50)} | ${ms(t.p50)} | **${ratio(a.p50, r.p50)}** | ${ratio(t.p50, r.p50)} | ${ms(a.p95)} | ${ms(r.p95)} | ${ms(t.p95)} | **${ratio(a.p95, r.p95)}** | ${ratio(t.p95, r.p95)} |`,
    );
    return { step, app: a, replay: r, twin: t };
  });
  const perRequest = (cpu, requests) =>
    Number.isFinite(cpu) ? `${((cpu * 1000) / requests).toFixed(3)} ms` : '-';
  console.log(
    `\nServer CPU per request (user + system, every thread): app ${perRequest(appCpu, appRequests)}, replay ${perRequest(reference.cpu, reference.requests)}, twin ${perRequest(twin.cpu, twin.requests)} (the database's own processes not counted)`,
  );
  if (options.json)
    console.log(JSON.stringify({ elapsed, appCpu, appRequests, comparison, replays }, null, 2));
}
