#!/usr/bin/env node
// Many students studying at once: each virtual student from the scale data set arrives at its own
// moment during the ramp, logs in, then goes through its journey again and again until the time is
// up: the catalogue, a course page and its preview, one of its own courses, a lesson's content URL,
// and marks the lesson started, pausing between pages as a person does (--think-ms). Reports each
// step's count, errors and latency percentiles, and the server's memory during the run and at its peak.
import { parseArgs } from 'node:util';
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
  --json                   also print the results as JSON
  --help                   this text

Example: node bench/journey.mjs --data-dir /work/scale-data --seconds 60`;

const { values: options } = parseArgs({
  options: {
    ...serverOptions,
    students: { type: 'string', default: '1000' },
    first: { type: 'string', default: '1' },
    password: { type: 'string', default: 'student123' },
    seconds: { type: 'string', default: '60' },
    ramp: { type: 'string' },
    'think-ms': { type: 'string', default: '1000' },
    'max-journeys': { type: 'string', default: '1000000' },
    relogin: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (options.help) {
  console.log(HELP);
  process.exit(0);
}

const STUDENTS = Number(options.students);
const FIRST = Number(options.first);
const SECONDS = Number(options.seconds);
const RAMP_MS = Number(options.ramp ?? SECONDS / 2) * 1000;
const THINK_MS = Number(options['think-ms']);
const MAX_JOURNEYS = Number(options['max-journeys']);
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
      answer = await call('login', `${api}/users/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: options.password }),
      });
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
  await call('lesson content URL', `${api}/lessons/GetLessonContentUrl/${lessonId}`, { headers: auth });
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
  if (options.json)
    console.log(JSON.stringify({ elapsed, journeys, completed, rssAfterStart, peak, rows }, null, 2));
}
