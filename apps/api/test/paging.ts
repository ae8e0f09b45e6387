import { PAGE_SIZE_MAX, SEARCH_MAX, TOTAL_COUNT_HEADER } from '@skillwise/contracts';
import { expect } from 'vitest';
import { call, type TestContext } from './helpers';

/** A list call under test: its URL (with any query it always takes) and how to tell its rows apart. */
export type ListCall = {
  url: string;
  token?: string;
  /** What identifies a row of the answer (course_Id, user_id ...). */
  idOf: (row: Record<string, unknown>) => unknown;
};

export const withQuery = (url: string, query: string) =>
  query === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** The list's answer to `query`: status, the rows' ids, the rows and the X-Total-Count header. */
export async function fetchList(ctx: TestContext, list: ListCall, query = '') {
  const res = await call(ctx.app, {
    method: 'GET',
    url: withQuery(list.url, query),
    ...(list.token ? { token: list.token } : {}),
  });
  const body = res.statusCode === 200 ? (res.json() as Record<string, unknown>[]) : [];
  return {
    res,
    status: res.statusCode,
    rows: body,
    ids: body.map(list.idOf),
    total:
      res.headers[TOTAL_COUNT_HEADER] === undefined ? undefined : Number(res.headers[TOTAL_COUNT_HEADER]),
  };
}

/**
 * Checks a list whose whole answer is `all` (ids in the list's order, at least 5 of them): the answer
 * without parameters, pages of 2 that cover it once, the last partial page, a page past the end, the
 * list's own size when only `page` is given, and unknown parameters ignored.
 */
export async function expectPaging(ctx: TestContext, list: ListCall, all: unknown[], defaultSize: number) {
  expect(all.length).toBeGreaterThanOrEqual(5);
  const whole = await fetchList(ctx, list);
  expect(whole.status).toBe(200);
  expect(whole.ids).toEqual(all);
  expect(whole.total).toBe(all.length);

  const pages: unknown[] = [];
  const lastPage = Math.ceil(all.length / 2);
  for (let page = 1; page <= lastPage; page += 1) {
    const got = await fetchList(ctx, list, `page=${page}&pageSize=2`);
    expect(got.status).toBe(200);
    expect(got.total).toBe(all.length);
    expect(got.ids).toEqual(all.slice((page - 1) * 2, page * 2));
    pages.push(...got.ids);
  }
  expect(pages).toEqual(all);

  // A partial last page (pages of 3 over a length that is not a multiple of 3, or of 4 otherwise).
  const size = all.length % 3 === 0 ? 4 : 3;
  const last = Math.ceil(all.length / size);
  const partial = await fetchList(ctx, list, `page=${last}&pageSize=${size}`);
  expect(partial.ids).toEqual(all.slice((last - 1) * size));
  expect(partial.ids.length).toBeLessThan(size);
  expect(partial.total).toBe(all.length);

  const past = await fetchList(ctx, list, `page=${last + 5}&pageSize=${size}`);
  expect(past.status).toBe(200);
  expect(past.rows).toEqual([]);
  expect(past.total).toBe(all.length);

  const byDefault = await fetchList(ctx, list, 'page=1');
  expect(byDefault.ids).toEqual(all.slice(0, defaultSize));
  expect(byDefault.total).toBe(all.length);
  const sizeOnly = await fetchList(ctx, list, 'pageSize=1&unknown=1');
  expect(sizeOnly.ids).toEqual(all.slice(0, 1));
}

/** Checks a search: the ids it finds, in order, and its total, whole and as a page of one. */
export async function expectSearch(ctx: TestContext, list: ListCall, search: string, found: unknown[]) {
  const q = `search=${encodeURIComponent(search)}`;
  const whole = await fetchList(ctx, list, q);
  expect(whole.status).toBe(200);
  expect(whole.ids).toEqual(found);
  expect(whole.total).toBe(found.length);
  const first = await fetchList(ctx, list, `${q}&pageSize=1`);
  expect(first.ids).toEqual(found.slice(0, 1));
  expect(first.total).toBe(found.length);
}

/** Bad paging parameters are a 400 naming the field, never a 500. */
export async function expectBadQueries(ctx: TestContext, list: ListCall) {
  const cases: [string, string][] = [
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['pageSize=0', 'pageSize'],
    [`pageSize=${PAGE_SIZE_MAX + 1}`, 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    [`search=${'x'.repeat(SEARCH_MAX + 1)}`, 'search'],
    ['search=a%00b', 'search'],
    ['search=a&search=b', 'search'],
  ];
  for (const [query, field] of cases) {
    const got = await fetchList(ctx, list, query);
    expect(got.status, query).toBe(400);
    expect(got.res.json().details[0].field, query).toBe(field);
  }
  const longest = await fetchList(ctx, list, `search=${'x'.repeat(SEARCH_MAX)}`);
  expect(longest.status).toBe(200);
  expect(longest.rows).toEqual([]);
  expect(longest.total).toBe(0);
}
