/** A course as its student opens it, followed by the course's id. */
export const COURSE_LINK = '/students/takeCourse?id=';

/** Where notifications lead in the web app. */
export const LINKS = {
  course: (courseId: number) => `${COURSE_LINK}${courseId}`,
  /** A lesson of a course as its student opens it. */
  lesson: (courseId: number, lessonId: number) => `${COURSE_LINK}${courseId}&lesson=${lessonId}`,
  certificates: '/students/certificates',
  sales: '/admin?section=users',
  myCourses: '/students/myCourses',
  students: '/admin/myStudents',
  subscription: '/admin/subscription',
  billing: '/admin/billing',
  webhooks: '/admin/settings',
};
