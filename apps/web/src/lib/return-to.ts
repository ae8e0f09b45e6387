import { useSearchParams } from 'react-router';
import { paths } from './paths';

/** The query parameter that carries where to go back after logging in or signing up. */
export const NEXT_PARAM = 'next';

const ORIGIN = 'http://skillwise.invalid';

/** Screens of the sign-in flow itself: returning to one would go round in circles. */
const AUTH_PATHS: readonly string[] = [
  paths.login,
  paths.signUp,
  paths.register,
  paths.registerOption,
  paths.registerOrg,
  paths.verifyCode,
  paths.resetPasswordRequest,
  paths.resetPassword,
];

/**
 * A return target as a same-site path (`/courseDetail?id=4`), or null. Only a relative path on this
 * site is accepted: no scheme, no host (`//evil.example`), no backslash tricks, no control characters,
 * and never a screen of the sign-in flow, so the parameter cannot be used as an open redirect.
 */
export const safeReturnPath = (value: string | null | undefined): string | null => {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if ([...value].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20 || ch === '\u007f')) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (AUTH_PATHS.includes(path)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** `path` with the return target added (when there is a safe one). */
export const withNext = (path: string, next: string | null | undefined): string => {
  const safe = safeReturnPath(next);
  if (!safe) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}`;
};

/** The safe return target carried by the current URL, if any. */
export const useNextParam = (): string | null => {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(NEXT_PARAM));
};

/** Whether a path lies in an area: the area's root or anything under it. */
const isIn = (pathname: string, area: string) => pathname === area || pathname.startsWith(`${area}/`);

/** The publisher's areas (SPEC §2.13, §2.14). */
export const isStaffArea = (pathname: string) =>
  isIn(pathname, paths.admin.root) || isIn(pathname, paths.myStudents);

/** The student area (SPEC §2.12). */
export const isStudentArea = (pathname: string) => isIn(pathname, paths.students.root);

/**
 * Where a student goes back to after logging in: the course page they left opens inside the student
 * area (the same course, with the student's own navigation); the publisher's areas are not theirs.
 */
export const studentReturnPath = (next: string | null): string | null => {
  const safe = safeReturnPath(next);
  if (!safe) return null;
  const url = new URL(safe, ORIGIN);
  // The landing page signs the user out (SPEC §2.2): it is never a place to return to signed in.
  if (isStaffArea(url.pathname) || url.pathname === paths.home) return null;
  if (url.pathname === paths.courseDetail) return `${paths.students.courseDetails}${url.search}`;
  return safe;
};

/** Where a publisher goes back to: only its own areas (a course page is for students to buy). */
export const staffReturnPath = (next: string | null): string | null => {
  const safe = safeReturnPath(next);
  return safe && isStaffArea(new URL(safe, ORIGIN).pathname) ? safe : null;
};
