#!/usr/bin/env node
import { jsonOption, optionError, readOptions } from './lib/cli.mjs';
// Many students studying at once: each virtual student from the scale data set arrives at its own
// moment during the ramp, logs in, then goes through its journey again and again until the time is
// up: the catalogue, a course page and its preview, one of its own courses, a lesson's content URL,
// the lesson's file through that signed URL as a player reads it (a first Range request, then one or
// two seeks), and marks the lesson started, pausing between pages as a person does (--think-ms).
// Reports each step's count, errors and latency percentiles, the server's memory during the run and at
// its peak, and whether media requests made while logins hash their passwords are starved by them.
import { memoryOf, mib, quantile, serverFromOptions, serverHelp, serverOptions } from './lib/server.mjs';

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

const stats = new Map(
  STEPS.map((name) => [name, { count: 0, errors: 0, busy: 0, latencies: [], statuses: {} }]),
);

/**
 * One request, timed; a non-2xx answer or a network error counts as an error and answers undefined. A
 * 503 with Retry-After (the server's password-hash line is full) is not an error but a "busy" answer:
 * it answers { retryAfter } in seconds, and the caller tries again then, as a person would.
 */
async function call(step, url, init = {}) {
  const entry = stats.get(step);
  const started = performance.now();
  let status = 'network';
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    status = String(res.status);
    entry.count++;
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
 * Logins sent and not yet answered, and logins sent so far: a media request counts as made while a login
 * was in flight when one was in flight as it started or one was sent before it was answered.
 */
let loginsInFlight = 0;
let loginsSent = 0;
/** Per Range request of the media step: { ms, ok, timedOut, duringLogin }. */
const mediaSamples = [];
/** Sizes of the lesson files read (Content-Range), to tell when seeks are too short to mean anything. */
const mediaFileSizes = new Set();

/**
 * One Range request of `bytes` bytes from `start` of a lesson file, as a player sends it: counts as one
 * sample of the media step, timed until the last byte arrived. Answers the file's size from
 * Content-Range, or undefined when the answer is not a 206 of the right length (an error).
 */
async function rangeCall(url, start, bytes) {
  const entry = stats.get('lesson media');
  const overlapping = loginsInFlight > 0;
  const loginsBefore = loginsSent;
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
  sample.duringLogin = overlapping || loginsSent !== loginsBefore || loginsInFlight > 0;
  sample.ok = kind === undefined;
  mediaSamples.push(sample);
  entry.count++;
  if (!sample.timedOut && kind !== 'network') entry.latencies.push(sample.ms);
  if (!sample.ok) {
    entry.errors++;
    entry.statuses[kind] = (entry.statuses[kind] ?? 0) + 1;
    return undefined;
  }
  mediaFileSizes.add(size);
  return size;
}

/**
 * The lesson media step: the file behind a signed content URL read the way a player reads it, its start
 * first, then one or two seeks of the same length at random places within the size Content-Range gave.
 */
async function playLesson(contentPath) {
  const url = new URL(contentPath, server.url).href;
  const size = await rangeCall(url, 0, MEDIA_BYTES);
  if (size === undefined) return;
  const seeks = 1 + Math.floor(Math.random() * 2);
  for (let i = 0; i < seeks; i++) {
    await rangeCall(url, Math.floor(Math.random() * Math.max(1, size - MEDIA_BYTES)), MEDIA_BYTES);
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A person's pause before the next page: THINK_MS on average, from half to one and a half of it. */
const think = () => (THINK_MS > 0 ? sleep(THINK_MS * (0.5 + Math.random())) : undefined);

const server = await serverFromOptions(options);
const api = `${server.url}/api`;
const rssAfterStart = server.pid ? memoryOf(server.pid).rss : 0;
const rssSamples = [];
const sampler = setInterval(() => {
  if (server.pid) rssSamples.push(memoryOf(server.pid).rss);
}, 1000);

/** Per student: token, id and enrolled courses, kept between journeys as a browser keeps them. */
const sessions = new Map();
let journeys = 0;
let completed = 0;
const deadline = Date.now() + SECONDS * 1000;

async function journey(n) {
  const email = `student${n}@scale.example`;
  let session = options.relogin ? undefined : sessions.get(n);
  if (!session) {
    let answer;
    for (;;) {
      loginsInFlight++;
      loginsSent++;
      try {
        answer = await call('login', `${api}/users/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: email, password: options.password }),
        });
      } finally {
        loginsInFlight--;
      }
      if (answer?.retryAfter === undefined || Date.now() >= deadline) break;
      await sleep(answer.retryAfter * 1000);
    }
    if (!answer?.token) return;
    session = { token: answer.token, userId: answer.user?.user_id, courses: undefined };
    sessions.set(n, session);
  }
  const auth = { authorization: `Bearer ${session.token}` };
  await think();
  const catalogue = await call('catalogue page 1', `${api}/courses/GetAllCoursesDetail?page=1&pageSize=12`);
  if (!session.courses) {
    // The courses this student is enrolled in, as the student area asks for them.
    await think();
    const mine = await call('my courses', `${api}/studentCourse/GetAssignedCourses/${session.userId}`, {
      headers: auth,
    });
    if (!Array.isArray(mine) || mine.length === 0) return;
    session.courses = mine.map((c) => c.course_Id);
  }
  const browsed =
    Array.isArray(catalogue) && catalogue.length > 0 ? pick(catalogue).course_Id : session.courses[0];
  await think();
  await call('course detail', `${api}/courses/details/${browsed}`, { headers: auth });
  await think();
  await call('preview sections', `${api}/courseSections/GetCourseSectionsByCourseIdForPreview/${browsed}`);
  const course = pick(session.courses);
  await think();
  const sections = await call(
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
  const content = await call('lesson content URL', `${api}/lessons/GetLessonContentUrl/${lessonId}`, {
    headers: auth,
  });
  // The player asks for the file as soon as it has the URL, with no pause.
  if (MEDIA && content?.content_path) await playLesson(content.content_path);
  await think();
  await call(
    'lesson started',
    `${api}/lessons/ChangeLessonStartedFlag?lesson_Id=${lessonId}&lessonstarted=true`,
    {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ lesson_Id: lessonId, lessonstarted: true }),
    },
  );
  completed++;
}

/** One virtual student: arrives at its moment of the ramp, then studies until the time is up. */
async function student(index) {
  await sleep((RAMP_MS * index) / STUDENTS);
  while (Date.now() < deadline && journeys < MAX_JOURNEYS) {
    journeys++;
    await journey(FIRST + index);
  }
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

/** Prints the media requests made while a login was in flight beside the others; answers the figures. */
function mediaReport() {
  const report = {
    rangeBytes: MEDIA_BYTES,
    starvedOverMs: STARVED_MS,
    fileSizes: [...mediaFileSizes],
    duringLogin: mediaFigures(mediaSamples.filter((s) => s.duringLogin)),
    noLogin: mediaFigures(mediaSamples.filter((s) => !s.duringLogin)),
    all: mediaFigures(mediaSamples),
  };
  const fmt = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-');
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

const started = performance.now();
try {
  await Promise.all(Array.from({ length: STUDENTS }, (_, index) => student(index)));
} finally {
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  const peak = server.pid ? memoryOf(server.pid).hwm : 0;
  await server.stop();

  const fmt = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-');
  const rows = STEPS.map((name) => {
    const entry = stats.get(name);
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
  const requests = rows.reduce((sum, r) => sum + r.count, 0);
  console.log(
    `\n${STUDENTS} students arriving over ${RAMP_MS / 1000} s, ${THINK_MS} ms between pages, ${elapsed.toFixed(1)} s: ${journeys} journeys started, ${completed} completed, ${requests} requests (${(requests / elapsed).toFixed(0)}/s)\n`,
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
  if (server.pid) {
    const during = rssSamples.filter((v) => v > 0);
    const average = during.length ? during.reduce((a, b) => a + b, 0) / during.length : 0;
    console.log(
      `\nServer memory: ${mib(rssAfterStart)} after start; during the run ${mib(Math.min(...during, Number.POSITIVE_INFINITY) || 0)} to ${mib(Math.max(0, ...during))} (average ${mib(average)}); peak ${mib(peak)} (VmHWM)`,
    );
  }
  const media = MEDIA ? mediaReport() : undefined;
  if (options.json)
    console.log(JSON.stringify({ elapsed, journeys, completed, rssAfterStart, peak, rows, media }, null, 2));
}
