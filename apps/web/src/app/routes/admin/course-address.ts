import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { COURSE_ID_PARAM } from '@/lib/paths';
import { storage } from '@/lib/storage';

/** The course an address names (?id=), or null. */
export const courseIdIn = (search: string): number | null =>
  parseCourseId(new URLSearchParams(search).get(COURSE_ID_PARAM));

/**
 * The course an admin screen shows (docs/decisions/016-admin-addresses.md): the one its address names,
 * which is also stored as course_Id (SPEC §3) for screens opened without one; else the stored course,
 * then written into the address in place, so reload, Back and a bookmark keep showing that course.
 * With `addressOnly` (the course form) only the address counts: without ?id= it makes a new course.
 */
export const useAdminCourseId = ({ addressOnly = false } = {}): number | null => {
  const location = useLocation();
  const navigate = useNavigate();
  const named = courseIdIn(location.search);
  const courseId = named ?? (addressOnly ? null : parseCourseId(storage.get('courseId')));

  useEffect(() => {
    if (named !== null) {
      storage.set('courseId', named);
    } else if (courseId !== null) {
      const search = new URLSearchParams(location.search);
      search.set(COURSE_ID_PARAM, String(courseId));
      void navigate(
        { pathname: location.pathname, search: `?${search.toString()}`, hash: location.hash },
        { replace: true, state: location.state },
      );
    }
  }, [named, courseId, location, navigate]);

  return courseId;
};
