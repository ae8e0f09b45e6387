// What the public-answer benchmarks share: the seeded catalogue and a visitor's answers.
import { spawnSync } from 'node:child_process';
import { root } from './server.mjs';

/** Published courses bench/seed-catalogue.ts loads. */
export const COURSES = 1000;

/** Loads the catalogue into a DATA_DIR (embedded database) or a PostgreSQL URL. */
export function seedCatalogue(target) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/seed-catalogue.ts', target, String(COURSES)],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('seeding failed');
}

/** Headers that belong to the connection or the body, not to what the app chose to say. */
const PER_CONNECTION = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'content-encoding',
]);

/** A visitor's answer as autocannon gets it (no accept-encoding): its body and the app's own headers. */
export async function visitorAnswer(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_CONNECTION.has(name)));
  return { body: Buffer.from(await response.arrayBuffer()), headers };
}

/** The public URLs measured, for the course in the middle of `origin`'s catalogue. */
export async function publicUrls(origin) {
  const catalogue = await visitorAnswer(`${origin}/api/courses/GetAllCoursesDetail`);
  const list = JSON.parse(catalogue.body.toString());
  if (list.length < COURSES) throw new Error(`the catalogue has ${list.length} courses`);
  const middle = list[Math.floor(list.length / 2)].course_Id;
  return {
    catalogue,
    urls: [
      ['catalogue (1,000 courses)', '/api/courses/GetAllCoursesDetail'],
      ['catalogue page (12 courses)', '/api/courses/GetAllCoursesDetail?page=1&pageSize=12'],
      ['course detail', `/api/courses/details/${middle}`],
      // The course page's curriculum, as a visitor's browser asks for it.
      ['preview curriculum', `/api/courseSections/GetCourseSectionsByCourseIdForPreview/${middle}`],
    ],
  };
}
