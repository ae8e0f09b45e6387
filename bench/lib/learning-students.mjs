// Two demo students at the learning screen (/students/takeCourse?id=) of the demo's free course, made
// through the API as the web app and the player would: one in progress (one lesson of two done) and one
// who finished the course (every lesson done, its certificate issued). Used by bench/lighthouse.mjs.
import { setTimeout as sleep } from 'node:timers/promises';
import { login } from './server.mjs';

export const LEARNING_PAGES_HELP = `  "learning" is the learning screen of the demo student (student@example.com), in progress: one
  lesson of the free demo course done; "learning-finished" the same screen of a student who finished it
  (finished.student@bench.example, registered and enrolled through the demo publisher's account)`;

const PUBLISHER = { email: 'publisher@example.com', password: 'publisher123' };
const IN_PROGRESS = { email: 'student@example.com', password: 'student123' };
const FINISHED = {
  name: 'Finished Student',
  email: 'finished.student@bench.example',
  password: 'finished123',
};

/** One API call with the token; answers the parsed body, or throws naming the call and its answer. */
async function call(url, token, method, apiPath, body) {
  const res = await fetch(`${url}/api/${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const answer = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The localStorage entries the web app writes at login (features/auth/api/login.ts, lib/storage.ts). */
function sessionOf(account, session) {
  return {
    authToken: session.token,
    user_id: String(session.userId),
    ...(session.orgId === null || session.orgId === undefined ? {} : { org_Id: String(session.orgId) }),
    userEmail: account.email,
    current_user_role: String(session.roleId),
  };
}

/** The lessons of a course, as its student sees them. */
async function lessonsOf(url, token, courseId) {
  const sections = await call(url, token, 'GET', `courseSections/GetCourseSectionsByCourseId/${courseId}`);
  return sections.flatMap((section) => section.lessons);
}

const watched = (lesson) => lesson.contentType === 'video' || lesson.contentType === 'audio';

/** Marks a PDF (or text, image) lesson done, as its 'Mark as done' button does. */
const markDone = (url, token, lessonId) =>
  call(url, token, 'POST', 'studentCourse/SaveLessonProgress', { lesson_Id: lessonId, completed: true });

/**
 * Watches a video lesson to its end as the player reports it: positions saved every second, each 1.5 s
 * on (the server credits no more than twice the time between saves, DESIGN decision 12). The server
 * knows a lesson's length some seconds after it starts, so this keeps going until the lesson completes.
 */
async function watchToEnd(url, token, lessonId) {
  const deadline = Date.now() + 120_000;
  for (let position = 0; Date.now() < deadline; position += 1.5) {
    const saved = await call(url, token, 'POST', 'studentCourse/SaveLessonProgress', {
      lesson_Id: lessonId,
      positionSeconds: position,
    });
    if (saved.completed) return;
    await sleep(1000);
  }
  throw new Error(`lesson ${lessonId} did not complete by watching within 120 s`);
}

/**
 * Prepares both students (again on a server that already has them: marking done is repeatable, the
 * finished student is registered once) and answers, for `learning` and `learning-finished`, the page's
 * path and the localStorage the browser needs to be logged in as that student.
 */
export async function prepareLearningStudents(url) {
  const student = await login(url, IN_PROGRESS.email, IN_PROGRESS.password);
  const assigned = await call(
    url,
    student.token,
    'GET',
    `studentCourse/GetAssignedCourses/${student.userId}`,
  );
  const courseId = (Array.isArray(assigned) ? assigned : (assigned?.rows ?? []))[0]?.course_Id;
  if (!courseId)
    throw new Error(`${IN_PROGRESS.email} is enrolled in no course: is the demo content loaded?`);
  const lessons = await lessonsOf(url, student.token, courseId);
  const readable = lessons.find((lesson) => !watched(lesson));
  const video = lessons.find(watched);
  if (!readable || !video) throw new Error(`course ${courseId} needs a PDF and a video lesson`);
  await markDone(url, student.token, readable.lesson_Id);

  const publisher = await login(url, PUBLISHER.email, PUBLISHER.password);
  const registered = await fetch(`${url}/api/studentCourse/registerStudent`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publisher.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: FINISHED.name,
      email: FINISHED.email,
      password: FINISHED.password,
      enroll: true,
      course_Id: courseId,
      consent: true,
      payment: "It's free",
    }),
  });
  // 409: registered by an earlier run against the same server.
  if (!registered.ok && registered.status !== 409) {
    throw new Error(`registering ${FINISHED.email}: ${registered.status} ${await registered.text()}`);
  }
  const finished = await login(url, FINISHED.email, FINISHED.password);
  for (const lesson of await lessonsOf(url, finished.token, courseId)) {
    if (watched(lesson)) await watchToEnd(url, finished.token, lesson.lesson_Id);
    else await markDone(url, finished.token, lesson.lesson_Id);
  }
  const progress = await call(url, finished.token, 'GET', `studentCourse/GetCourseProgress/${courseId}`);
  if (progress.nextLesson_Id !== null) throw new Error(`${FINISHED.email} did not finish course ${courseId}`);

  const path = `/students/takeCourse?id=${courseId}`;
  return {
    learning: { path, storage: sessionOf(IN_PROGRESS, student) },
    'learning-finished': { path, storage: sessionOf(FINISHED, finished) },
  };
}
