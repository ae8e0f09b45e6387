import { ACCEPT_INVITE_PATH } from '@skillwise/contracts';

/** Every route of the app in one place (SPEC §2.1). */
export const paths = {
  home: '/',
  courses: '/courses',
  courseDetail: '/courseDetail',
  help: '/help',
  signUp: '/signUp',
  login: '/login',
  register: '/register',
  registerOption: '/registerOption',
  registerOrg: '/registerOrg',
  verifyCode: '/digitCodeVerification',
  resetPasswordRequest: '/resetPasswordRequest',
  resetPassword: '/resetPassword',
  students: {
    root: '/students',
    courses: '/students/courses',
    myCourses: '/students/myCourses',
    certificates: '/students/certificates',
    notifications: '/students/notifications',
    profile: '/students/profile',
    settings: '/students/settings',
    courseDetails: '/students/courseDetails',
    checkout: '/students/checkout',
    takeCourse: '/students/takeCourse',
    coursePage: '/students/coursePage',
  },
  admin: {
    root: '/admin',
    subscription: '/admin/subscription',
    checkout: '/admin/checkout',
    previousCourses: '/admin/previousCourses',
    myStudents: '/admin/myStudents',
    /** My Students' Email Students: a message to the school's students (docs/decisions/036). */
    emailStudents: '/admin/emailStudents',
    courseDetails: '/admin/adminCourseDetails',
    curriculum: '/admin/curriculum',
    /** A quiz lesson's questions and settings (?id=<course>&lesson=<lesson>, docs/decisions/033). */
    quizEditor: '/admin/quizEditor',
    createCourse: '/admin/createCourse',
    settings: '/admin/settings',
    /** The school's own site and brand (docs/decisions/040), opened from Settings. */
    site: '/admin/site',
    /** SPEC §2.1: the publisher's preview of a course as its students see it (?id=). */
    previewCourse: '/admin/previewCourse',
    /** SPEC §2.1: the same preview opened on a lesson (?id=&lesson=). */
    coursePages: '/admin/coursePages',
    /** The publisher's notifications (sales, new students), opened from the bell in the header. */
    notifications: '/admin/notifications',
    /** The organisation's plan, billing period, paid-through date and storage (sidebar: Plan & billing). */
    billing: '/admin/billing',
    /** The school's quiz attempts waiting for grading (?attempt= opens one to grade). */
    grading: '/admin/grading',
    /** A quiz's results: its figures and its students (?lesson=, the quiz lesson's id). */
    quizResults: '/admin/quizResults',
    /** The school's team: members, invitations, seats and the audit log (docs/decisions/039). */
    team: '/admin/team',
  },
  /** An invitation's link to a school's team (?token=); public (docs/decisions/039). */
  acceptInvite: ACCEPT_INVITE_PATH,
  myStudents: '/myStudents',
  /** The built-in sandbox provider's approval page: /sandbox/checkout/{orderId} (DESIGN: payments). */
  sandboxCheckout: '/sandbox/checkout',
  /** Where the link at the end of every notification e-mail leads (?token=); no login. */
  unsubscribe: '/unsubscribe',
} as const;

/** The /courses URL carrying a search text, used by the landing page's hero search. */
export const coursesSearchPath = (search: string): string => {
  const text = search.trim();
  return text ? `${paths.courses}?${new URLSearchParams({ search: text }).toString()}` : paths.courses;
};

/** The query parameter naming the course an address shows, as the public and student pages use it. */
export const COURSE_ID_PARAM = 'id';

/** An address showing one course: /admin/curriculum?id=12, /courseDetail?id=12. */
export const coursePath = (path: string, courseId: number): string =>
  `${path}?${COURSE_ID_PARAM}=${courseId}`;

/** The query parameters of the quiz screens: the attempt to grade, the quiz lesson whose results show. */
export const ATTEMPT_PARAM = 'attempt';
export const LESSON_PARAM = 'lesson';

/** The quiz editor of a course's quiz lesson. */
export const quizEditorPath = (courseId: number, lessonId: number): string =>
  `${paths.admin.quizEditor}?${COURSE_ID_PARAM}=${courseId}&${LESSON_PARAM}=${lessonId}`;

/** A quiz's results screen: /admin/quizResults?lesson=12. */
export const quizResultsPath = (lessonId: number): string =>
  `${paths.admin.quizResults}?${LESSON_PARAM}=${lessonId}`;

/** An attempt opened on the Grading screen: /admin/grading?attempt=34. */
export const gradeAttemptPath = (attemptId: number): string =>
  `${paths.admin.grading}?${ATTEMPT_PARAM}=${attemptId}`;

/** The query parameter of /admin naming a screen of the publisher's shell chosen by its key. */
export const ADMIN_SECTION_PARAM = 'section';

const adminSection = (key: string) => `${paths.admin.root}?${ADMIN_SECTION_PARAM}=${key}`;

/**
 * SPEC §2.13: the sidebar's component keys and the address of the screen each names. A screen with a
 * route of its own in SPEC §2.1 keeps it; the key-driven ones, which have none there, are
 * /admin?section=<key>, the address the publisher's notifications already link to
 * (docs/decisions/016-admin-addresses.md).
 */
export const ADMIN_SECTION_PATHS = {
  dashboard: paths.admin.previousCourses,
  courses: paths.admin.createCourse,
  category: adminSection('category'),
  newcategory: adminSection('newcategory'),
  authors: adminSection('authors'),
  createauthors: adminSection('createauthors'),
  users: adminSection('users'),
  settings: paths.admin.settings,
  Mystudents: paths.admin.myStudents,
  billing: paths.admin.billing,
  grading: paths.admin.grading,
  team: paths.admin.team,
} as const;

export type AdminSectionKey = keyof typeof ADMIN_SECTION_PATHS;

export const isAdminSectionKey = (value: unknown): value is AdminSectionKey =>
  typeof value === 'string' && Object.hasOwn(ADMIN_SECTION_PATHS, value);
