import { useEffect, useLayoutEffect } from 'react';
import { type Location, matchRoutes, type RouteObject, useLocation } from 'react-router';
import { APP_NAME, APP_TAGLINE } from '@/config/app';

/** A route's page title: fixed, or read from its address (the admin shell's ?section=, an ?id=). */
export type RouteTitle = string | ((location: Location) => string);

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
    if (title !== undefined) return typeof title === 'function' ? title(location) : title;
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
  const title = documentTitle(routeTitleAt(routes, location));
  // biome-ignore lint/correctness/useExhaustiveDependencies: set again on every move, also to the same title.
  useLayoutEffect(() => {
    document.title = title;
  }, [title, location.key]);
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
