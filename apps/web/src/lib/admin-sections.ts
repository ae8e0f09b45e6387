import type { MessageId } from './i18n/i18n';
import {
  ADMIN_SECTION_PARAM,
  type AdminSectionKey,
  COURSE_ID_PARAM,
  isAdminSectionKey,
  paths,
} from './paths';
import { storage } from './storage';

/**
 * SPEC §2.13: the sidebar's label of each component key (Plan & billing, Grading and Team added after the
 * spec's), as message keys: the sidebar and the page title say them in the reader's language. They live in
 * `common`, loaded before the first render, since the root names the /admin page before its screen loads.
 */
export const ADMIN_SECTION_LABELS = {
  dashboard: 'common.sidebar.section.dashboard',
  courses: 'common.sidebar.section.courses',
  category: 'common.sidebar.section.category',
  newcategory: 'common.sidebar.section.newcategory',
  authors: 'common.sidebar.section.authors',
  createauthors: 'common.sidebar.section.createauthors',
  users: 'common.sidebar.section.users',
  settings: 'common.sidebar.section.settings',
  Mystudents: 'common.sidebar.section.Mystudents',
  billing: 'common.sidebar.section.billing',
  grading: 'common.sidebar.section.grading',
  team: 'common.sidebar.section.team',
} as const satisfies Record<AdminSectionKey, MessageId>;

/** SPEC §2.13: the remembered component key; My Course when none (or an unknown one) is stored. */
export const rememberedSection = (): AdminSectionKey => {
  const stored = storage.get('componentKey');
  return isAdminSectionKey(stored) ? stored : 'dashboard';
};

/** What a history entry of /admin keeps: the screen it showed, so Back and reload show it again. */
export type AdminHomeState = { section: AdminSectionKey };

const stateSection = (state: unknown): AdminSectionKey | null => {
  const section = (state as Partial<AdminHomeState> | null)?.section;
  return isAdminSectionKey(section) ? section : null;
};

type Place = { pathname: string; search: string; state?: unknown };

/**
 * The screen /admin shows: the one its address names (?section=), else the one this history entry
 * showed when first opened, else the remembered component key (SPEC §2.13).
 */
export const adminHomeSection = ({ search, state }: Omit<Place, 'pathname'>): AdminSectionKey => {
  const named = new URLSearchParams(search).get(ADMIN_SECTION_PARAM);
  return isAdminSectionKey(named) ? named : (stateSection(state) ?? rememberedSection());
};

/** Whether an /admin address leaves its screen to the remembered key (no valid ?section= and no state). */
export const isUnnamedAdminHome = ({ search, state }: Omit<Place, 'pathname'>): boolean =>
  !isAdminSectionKey(new URLSearchParams(search).get(ADMIN_SECTION_PARAM)) && stateSection(state) === null;

/** The sidebar entry a screen chosen by its path belongs to (SPEC §2.13); null for none. */
const PATH_SECTIONS: Record<string, AdminSectionKey | null> = {
  [paths.admin.previousCourses]: 'dashboard',
  [paths.admin.myStudents]: 'Mystudents',
  [paths.admin.courseDetails]: 'dashboard',
  [paths.admin.curriculum]: 'dashboard',
  [paths.admin.previewCourse]: 'dashboard',
  [paths.admin.coursePages]: 'dashboard',
  [paths.admin.settings]: 'settings',
  [paths.admin.site]: 'settings',
  [paths.admin.billing]: 'billing',
  [paths.admin.grading]: 'grading',
  [paths.admin.team]: 'team',
  [paths.admin.quizResults]: 'dashboard',
  [paths.admin.notifications]: null,
};

/**
 * The sidebar entry of the admin screen at `place`, or null when it belongs to none. The course form
 * belongs to Create New Course when it makes a new course and to My Course when it edits one.
 */
export const adminSectionAt = (place: Place): AdminSectionKey | null => {
  const path = place.pathname.replace(/\/+$/, '') || paths.admin.root;
  if (path === paths.admin.root) return adminHomeSection(place);
  if (path === paths.admin.createCourse) {
    return new URLSearchParams(place.search).has(COURSE_ID_PARAM) ? 'dashboard' : 'courses';
  }
  return PATH_SECTIONS[path] ?? null;
};
