import {
  type AssignedCourse,
  type CourseDetail,
  type CourseListItem,
  FEATURED_COURSES,
  PAGE_SIZES,
  type Paged,
  ROLE,
} from '@skillwise/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/lib/paths';
import { hasAuthToken, storage } from '@/lib/storage';

/** What the app asked for as it started (startFirstPage), settled: a failure is the page's to meet. */
let firstPage: Promise<void> = Promise.resolve();

/**
 * Starts asking for the first page's data (prefetchFirstPage). The learning screen's code waits for it
 * (router.tsx), so the screen is drawn once with every answer there, in one interruptible render, not
 * again as each answer comes (docs/BENCHMARKS.md, the learning screen).
 */
export function startFirstPage(client: QueryClient, location: { pathname: string; search: string }): void {
  firstPage = prefetchFirstPage(client, location).catch(() => undefined);
}

/** The longest a screen waits for firstPageData before it is drawn with what it has, asking on its own. */
const FIRST_PAGE_WAIT_MS = 4000;

/**
 * Settles once what the app asked for as it started has answered (at once on any later page), or after
 * FIRST_PAGE_WAIT_MS: a slow answer leaves the screen to show its own loading state.
 */
export const firstPageData = (): Promise<void> =>
  Promise.race([firstPage, new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);

/**
 * Asks for what a public page's first screen shows as the app starts, while the page's own code is
 * still on its way (every screen is lazy, router.tsx): the answer is in the query cache when the page
 * asks, so the page shows one round trip sooner. On a course page its rating comes along, and the
 * cover, its largest paint, starts loading as soon as its URL is known. The query keys and calls are
 * the pages' own (features/courses/api, features/reviews/api), so the page finds the entries made here
 * (first-page-data.test.tsx proves each is asked for once).
 * A failure is left for the page, which asks again and shows it.
 */
export async function prefetchFirstPage(
  client: QueryClient,
  { pathname, search }: { pathname: string; search: string },
) {
  const params = new URLSearchParams(search);
  if (pathname === paths.home) {
    const [{ courseKeys, listCatalogue }, { getLandingContent, landingKeys }] = await Promise.all([
      import('@/features/courses/api/courses'),
      import('@/features/marketing/api/landing'),
    ]);
    const paging = { page: 1, pageSize: FEATURED_COURSES };
    // The landing page's figures and testimonials come along (routes/site/landing.tsx).
    await Promise.all([
      client.prefetchQuery({
        queryKey: courseKeys.catalogue(paging),
        queryFn: ({ signal }) => listCatalogue(paging, undefined, signal),
      }),
      client.prefetchQuery({
        queryKey: landingKeys.content,
        queryFn: ({ signal }) => getLandingContent(signal),
      }),
    ]);
  } else if (pathname === paths.courses) {
    const [
      { courseKeys, listCatalogue },
      { parsePage },
      { COVER_SIZES, preloadCover },
      { parseCatalogueFilters },
    ] = await Promise.all([
      import('@/features/courses/api/courses'),
      import('@/lib/paging'),
      import('@/features/courses/lib/cover-image'),
      import('@/features/courses/lib/catalogue-filters'),
    ]);
    const paging = {
      page: parsePage(params.get('page')),
      pageSize: PAGE_SIZES.catalogue,
      search: (params.get('search') ?? '').trim(),
    };
    const filters = parseCatalogueFilters((name) => params.get(name));
    const queryKey = courseKeys.catalogue(paging, filters);
    await client.prefetchQuery({ queryKey, queryFn: ({ signal }) => listCatalogue(paging, filters, signal) });
    preloadCover(
      client.getQueryData<Paged<CourseListItem>>(queryKey)?.rows[0]?.course_image,
      COVER_SIZES.card,
    );
  } else if (pathname === paths.courseDetail) {
    const [
      { courseKeys, getCourseDetails },
      { parseCourseId },
      { COVER_SIZES, preloadCover },
      { getCourseRating, reviewKeys },
    ] = await Promise.all([
      import('@/features/courses/api/courses'),
      import('@/features/courses/hooks/use-select-course'),
      import('@/features/courses/lib/cover-image'),
      import('@/features/reviews/api/reviews'),
    ]);
    const courseId = parseCourseId(params.get('id') ?? storage.get('courseId'));
    if (courseId === null) return;
    const queryKey = courseKeys.details(courseId);
    // The page shows the course with its rating (routes/site/course-detail.tsx): both at once.
    const rating = client.prefetchQuery({
      queryKey: reviewKeys.rating(courseId),
      queryFn: ({ signal }) => getCourseRating(courseId, signal),
    });
    await client.prefetchQuery({ queryKey, queryFn: ({ signal }) => getCourseDetails(courseId, signal) });
    preloadCover(client.getQueryData<CourseDetail>(queryKey)?.course_image, COVER_SIZES.detail);
    await rating;
  } else if (pathname === paths.students.takeCourse) {
    await prefetchLearning(client, params);
  }
}

/**
 * A student's learning screen (routes/students/take-course.tsx) is drawn once its enrolment, certificate,
 * lessons and progress have answered: all four are asked for at once as the app starts, and the cover,
 * its largest paint, starts loading as soon as the enrolment names it (the server names a published
 * course's cover in the page already). The enrolment, lessons and progress are never kept from an
 * earlier visit (signed URLs, a purchase): the screen asks for them again each time it opens, but not
 * for the answers asked for here, seconds before it (lib/start-answers.ts). Anyone but a signed-in
 * student is left to the page.
 */
async function prefetchLearning(client: QueryClient, params: URLSearchParams) {
  const userId = storage.get('userId') ?? '';
  if (!hasAuthToken() || storage.get('currentUserRole') !== String(ROLE.STUDENT) || userId === '') return;
  // Each call goes as soon as its own code is there: the enrolment, which names the cover, first.
  const cover = import('@/features/courses/lib/cover-image');
  const certificates = import('@/features/certificates/api/certificates');
  // The student area's header: the account's name and the bell's count (routes/students/students-layout.tsx),
  // which is drawn before the screen: not waited for.
  const header = Promise.all([
    import('@/features/account/api/account').then(({ accountKeys, getMyProfile }) =>
      client.prefetchQuery({ queryKey: accountKeys.me(), queryFn: ({ signal }) => getMyProfile(signal) }),
    ),
    import('@/features/notifications/api/notifications').then(({ getUnreadCount, notificationKeys }) =>
      client.prefetchQuery({
        queryKey: notificationKeys.unread(),
        queryFn: ({ signal }) => getUnreadCount(signal),
      }),
    ),
  ]);
  // Not waited for when there is no course to open: a failure is then the page's to meet.
  for (const code of [cover, certificates, header]) code.catch(() => undefined);
  const [
    { parseCourseId },
    { getCourseProgress, learningKeys, listCourseSections, listEnrolments },
    { noteStartAnswer },
  ] = await Promise.all([
    import('@/features/courses/hooks/use-select-course'),
    import('@/features/learning/api/learning'),
    import('@/lib/start-answers'),
  ]);
  const courseId = parseCourseId(params.get('id') ?? storage.get('courseId'));
  if (courseId === null) return;
  const enrolmentKey = learningKeys.enrolment(userId, courseId);
  const enrolment = client
    .prefetchQuery({
      queryKey: enrolmentKey,
      queryFn: ({ signal }) => listEnrolments(userId, courseId, signal),
    })
    .then(() => noteStartAnswer(client, enrolmentKey));
  const sectionsKey = learningKeys.sections(courseId);
  const progressKey = learningKeys.progress(courseId);
  const rest = Promise.all([
    client
      .prefetchQuery({
        queryKey: sectionsKey,
        queryFn: ({ signal }) => listCourseSections(courseId, signal),
      })
      .then(() => noteStartAnswer(client, sectionsKey)),
    client
      .prefetchQuery({
        queryKey: progressKey,
        queryFn: ({ signal }) => getCourseProgress(courseId, signal),
      })
      .then(() => noteStartAnswer(client, progressKey)),
    certificates.then(({ certificateKeys, getMyCourseCertificate }) =>
      client.prefetchQuery({
        queryKey: certificateKeys.ofCourse(courseId),
        queryFn: ({ signal }) => getMyCourseCertificate(courseId, signal),
      }),
    ),
  ]);
  const [{ COVER_SIZES, preloadCover }] = await Promise.all([cover, enrolment]);
  preloadCover(client.getQueryData<AssignedCourse[]>(enrolmentKey)?.[0]?.course_image, COVER_SIZES.detail);
  await rest;
}
