import { useEffect, useLayoutEffect } from 'react';
import { type Location, matchRoutes, type RouteObject, useLocation } from 'react-router';
import { APP_NAME, APP_TAGLINE } from '@/config/app';
import { type MessageId, t } from './i18n/i18n';
import { useLocale } from './i18n/use-t';

/**
 * A route's page title: a message (`common.title.*`: the title is set before the screen's own texts have
 * loaded), or read from its address (the admin shell's ?section=, an ?id=) in the reader's language.
 */
export type RouteTitle = MessageId | ((location: Location) => string);

/** What a route of the table (app/router.tsx) may carry in its `handle`. */
export type RouteHandle = { title?: RouteTitle };

/** The document title of a page, "Courses · Skillwise"; the product's name and tagline without one. */
export const documentTitle = (page?: string | null): string =>
  page ? `${page} · ${APP_NAME}` : `${APP_NAME} — ${APP_TAGLINE}`;

/** The title of the deepest route matching `location` that names one (undefined for none). */
export const routeTitleAt = (routes: RouteObject[], location: Location): string | undefined => {
  const matches = matchRoutes(routes, location) ?? [];
  for (const { route } of matches.reverse()) {
    const title = (route.handle as RouteHandle | undefined)?.title;
    if (title !== undefined) return typeof title === 'function' ? title(location) : t(title);
  }
  return undefined;
};

/**
 * The one place pages get their document title: each route of the table names its page in
 * `handle.title`, set here on every move. A layout effect, so that a page's own `usePageTitle` (a
 * passive effect of the same commit) still has the last word.
 */
export const useRouteTitle = (routes: RouteObject[]): void => {
  const location = useLocation();
  // Named again in a new language as the reader changes it.
  const locale = useLocale();
  const title = documentTitle(routeTitleAt(routes, location));
  // biome-ignore lint/correctness/useExhaustiveDependencies: set again on every move and language, also to the same title.
  useLayoutEffect(() => {
    document.title = title;
  }, [title, location.key, locale]);
};

/**
 * A page naming what it shows once it knows it ("Knots for Sailors · Skillwise" for a course); until
 * then, and for nothing, the route's title stays.
 */
export const usePageTitle = (page: string | null | undefined): void => {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: set again after every move: the route's title replaced it.
  useEffect(() => {
    if (page) document.title = documentTitle(page);
  }, [page, key]);
};
