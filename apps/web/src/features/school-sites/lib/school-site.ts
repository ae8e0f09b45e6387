import { SCHOOL_SITE_PREFIX } from '@skillwise/contracts';
import type { CSSProperties } from 'react';

/** The meta tag the server puts in a page served on a school's own domain (docs/decisions/040). */
const SCHOOL_META = 'skillwise-school';

/** The school whose own domain this page is on, or null (the installation's address). Read once. */
export const schoolOfDomain = (): string | null =>
  typeof document === 'undefined'
    ? null
    : (document.querySelector<HTMLMetaElement>(`meta[name="${SCHOOL_META}"]`)?.content ?? null) || null;

/** A school site's addresses: under /s/{slug} in the installation, at the root on its own domain. */
export const schoolSitePaths = (slug: string, onOwnDomain: boolean) => {
  const base = onOwnDomain ? '' : `${SCHOOL_SITE_PREFIX}/${slug}`;
  return {
    home: base || '/',
    course: (courseId: number) => `${base}/courses/${courseId}`,
    signUp: `${base}/signUp`,
    /**
     * Where a student signed up or logged in from the site goes: its address in the installation, which
     * answers on the school's domain too (the student area does not return to a domain's root).
     */
    returnTo: `${SCHOOL_SITE_PREFIX}/${slug}`,
  };
};

/** Whether a path is a course page of a school's site (`/s/{slug}/courses/{id}`, or `/courses/{id}` on its domain). */
export const isSchoolCoursePath = (pathname: string): boolean =>
  /^(?:\/s\/[a-z0-9-]+)?\/courses\/\d+$/.test(pathname);

/**
 * The app's brand colours made of a school's colour, for the part of the page that is its site: every
 * `brand-*` class there takes the school's shades (the colour itself is brand-600, darker ones mixed
 * with black, lighter ones with white).
 */
export const schoolTheme = (color: string): CSSProperties => {
  const mix = (other: 'white' | 'black', percent: number) =>
    `color-mix(in srgb, ${color} ${percent}%, ${other})`;
  return {
    '--color-brand-50': mix('white', 8),
    '--color-brand-100': mix('white', 16),
    '--color-brand-200': mix('white', 30),
    '--color-brand-300': mix('white', 48),
    '--color-brand-500': mix('white', 82),
    '--color-brand-600': color,
    '--color-brand-700': mix('black', 85),
    '--color-brand-800': mix('black', 70),
    '--color-brand-900': mix('black', 55),
    '--color-brand-950': mix('black', 40),
  } as CSSProperties;
};
