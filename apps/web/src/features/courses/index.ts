// What other features may use of the courses feature; the rest is its own.
export { useOrganisationCourses } from './api/courses';
export { CourseChoice } from './components/course-choice';
