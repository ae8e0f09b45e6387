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
    courseDetails: '/admin/adminCourseDetails',
    curriculum: '/admin/curriculum',
    createCourse: '/admin/createCourse',
    settings: '/admin/settings',
    /** SPEC §2.1: the publisher's preview of a course as its students see it (?id=). */
    previewCourse: '/admin/previewCourse',
    /** SPEC §2.1: the same preview opened on a lesson (?id=&lesson=). */
    coursePages: '/admin/coursePages',
    /** The publisher's notifications (sales, new students), opened from the bell in the header. */
    notifications: '/admin/notifications',
  },
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
