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

type MockAnswer = { status?: number; body?: unknown };
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
    const { status = 200, body } = answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
};
