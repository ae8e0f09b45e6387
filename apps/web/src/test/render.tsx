import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/** Renders routes in a memory router with a fresh query client, starting at `path`. */
export const renderRoutes = (routes: RouteObject[], path: string) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
};

type MockAnswer = {
  status?: number;
  body?: unknown;
  /** Sent as `X-Total-Count`: the number of rows a paged list call matched. */
  total?: number;
  /** Other response headers (the Sales list's sums). */
  headers?: Record<string, string>;
};
export type FetchCall = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** The text fields and file names of a multipart body. */
  form?: Record<string, string>;
};

const formEntries = (body: unknown): Record<string, string> | undefined =>
  body instanceof FormData
    ? Object.fromEntries(
        [...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]),
      )
    : undefined;

/** Replaces fetch: `answer` maps each request to a JSON reply; the calls are recorded. */
export const mockFetch = (answer: (call: FetchCall) => MockAnswer) => {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: FetchCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      form: formEntries(init?.body),
    };
    calls.push(call);
    const { status = 200, body, total, headers: extra } = answer(call);
    const headers: Record<string, string> = { ...extra, 'content-type': 'application/json' };
    if (total !== undefined) headers['x-total-count'] = String(total);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
};

/** The query parameters of a recorded call, e.g. `queryOf(call).get('pageSize')`. */
export const queryOf = (call: FetchCall | undefined): URLSearchParams =>
  new URLSearchParams(call?.url.split('?')[1] ?? '');

/** The path of a recorded call without its query. */
export const pathOf = (call: FetchCall | undefined): string => call?.url.split('?')[0] ?? '';

/**
 * Answers a paged list call as the server does: the rows of the asked page of those matching `search`
 * (any of `text`'s fields, any case), with their number in `X-Total-Count`.
 */
export const pageAnswer = <T,>(call: FetchCall, rows: readonly T[], text: (row: T) => string[]) => {
  const query = queryOf(call);
  const search = (query.get('search') ?? '').toLowerCase();
  const matching = rows.filter((row) => text(row).some((field) => field.toLowerCase().includes(search)));
  const size = Number(query.get('pageSize') ?? matching.length);
  const page = Number(query.get('page') ?? 1);
  return { body: matching.slice((page - 1) * size, page * size), total: matching.length };
};

/** A wide screen for every media query (jsdom has no matchMedia): tables rather than cards. */
export const stubWideScreen = (): void => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
};
