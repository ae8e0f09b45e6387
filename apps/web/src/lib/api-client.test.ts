import { MSG } from '@skillwise/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/render';
import {
  ApiError,
  apiPage,
  apiPageWithSums,
  apiRequest,
  errorMessage,
  fieldErrorFor,
  fieldLabel,
  objectFormData,
  setBusyHandler,
  setUnauthorizedHandler,
} from './api-client';
import { storage } from './storage';

afterEach(() => {
  setUnauthorizedHandler(undefined);
  setBusyHandler(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('calls /api/<path> with a JSON accept header and the stored bearer token', async () => {
    storage.set('authToken', 'token-123');
    const calls = mockFetch(() => ({ body: [{ course_Id: 1 }] }));

    const result = await apiRequest('courses/GetCoursesbyOrgId', { query: { org_Id: 7 }, auth: true });

    expect(result).toEqual([{ course_Id: 1 }]);
    expect(calls[0]?.url).toBe('/api/courses/GetCoursesbyOrgId?org_Id=7');
    expect(calls[0]?.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer token-123',
    });
  });

  it('asks a list call for one page and reads the number of matching rows from X-Total-Count', async () => {
    storage.set('authToken', 'token-123');
    const calls = mockFetch(() => ({ body: [{ course_Id: 13 }], total: 10_000 }));

    const page = await apiPage(
      'courses/GetCoursesbyOrgId',
      { page: 2, pageSize: 12, search: '  knots & ropes ' },
      { query: { org_Id: 7 }, auth: true },
    );

    expect(page).toEqual({ rows: [{ course_Id: 13 }], total: 10_000 });
    expect(calls[0]?.url).toBe(
      '/api/courses/GetCoursesbyOrgId?org_Id=7&page=2&pageSize=12&search=knots+%26+ropes',
    );
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer token-123' });
  });

  it('leaves a blank search out, and counts the rows itself when the header is missing', async () => {
    const calls = mockFetch(() => ({ body: [{ course_Id: 1 }, { course_Id: 2 }] }));

    const page = await apiPage('courses/GetAllCoursesDetail', { page: 3, pageSize: 8, search: '   ' });

    expect(calls[0]?.url).toBe('/api/courses/GetAllCoursesDetail?page=3&pageSize=8');
    // Two rows on page 3 of 8: at least 18, so the pager never offers a page past what was sent.
    expect(page.total).toBe(18);
  });

  it('reads the sums a list call sends in headers beside the page, as dollars', async () => {
    const calls = mockFetch(() => ({
      body: [{ order_Id: 1 }],
      total: 31,
      headers: { 'x-total-sale-price': '1234.50', 'x-total-earnings': '0.00' },
    }));

    const page = await apiPageWithSums(
      'orders/GetSalesByOrgId',
      { page: 2, pageSize: 10, search: 'knots' },
      { revenue: 'X-Total-Sale-Price', earnings: 'X-Total-Earnings' },
    );

    expect(page).toEqual({ rows: [{ order_Id: 1 }], total: 31, sums: { revenue: 1234.5, earnings: 0 } });
    expect(calls[0]?.url).toBe('/api/orders/GetSalesByOrgId?page=2&pageSize=10&search=knots');
  });

  it('leaves a sum undefined when its header is missing or is not an amount', async () => {
    mockFetch(() => ({ body: [], total: 0, headers: { 'x-total-sale-price': '12.345' } }));
    const page = await apiPageWithSums(
      'orders/GetSalesByOrgId',
      { page: 1, pageSize: 10 },
      { revenue: 'x-total-sale-price', earnings: 'x-total-earnings' },
    );
    expect(page.sums).toEqual({ revenue: undefined, earnings: undefined });
  });

  it('fails with the token-missing message, without calling the server, when a token is needed and absent', async () => {
    const calls = mockFetch(() => ({ body: {} }));

    await expect(apiRequest('organization/getOrgById/1', { auth: true })).rejects.toThrow(MSG.tokenMissing);
    expect(calls).toHaveLength(0);
  });

  it("surfaces the server's message, code and field details", async () => {
    mockFetch(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION',
        message: 'password: must be at least 8 characters',
        details: [{ field: 'password', message: 'must be at least 8 characters' }],
      },
    }));

    const error = await apiRequest('users/register', { method: 'POST', body: {} }).catch((caught) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, MSG.registrationFailed)).toBe('Password must be at least 8 characters');
    expect(fieldErrorFor(error, 'password')).toBe('must be at least 8 characters');
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('reads field names as words', () => {
    expect(fieldLabel('Object.contentType')).toBe('Content type');
    expect(fieldLabel('course_Id')).toBe('Course ID');
    expect(fieldLabel('org_url')).toBe('Org URL');
    expect(fieldLabel('Order_number')).toBe('Order number');
  });

  it('prefers the caller’s fallback when the server gave no usable message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>gateway</html>', { status: 502 })),
    );

    const error = await apiRequest('users/register', { method: 'POST', body: {} }).catch((caught) => caught);

    expect(errorMessage(error, MSG.registrationFailed)).toBe(MSG.registrationFailed);
  });

  it('ends the session on a 401 from an authenticated call only', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const unauthorized = {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', code: 'UNAUTHENTICATED', message: 'Session expired.' },
    };
    mockFetch(() => unauthorized);

    await expect(apiRequest('users/Login', { method: 'POST', body: {} })).rejects.toThrow('Session expired.');
    expect(onUnauthorized).not.toHaveBeenCalled();

    storage.set('authToken', 'stale');
    await expect(apiRequest('studentCourse/GetAssignedCourses/4', { auth: true })).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends a multipart form as is: no JSON content type, the browser picks the boundary', async () => {
    storage.set('authToken', 'token-9');
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ course_Id: 4 }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const cover = new File(['png'], 'cover.png', { type: 'image/png' });
    const form = objectFormData(
      { course_title: 'Knots', price: '19.99', certificate: false },
      { fileName: cover },
    );

    await expect(apiRequest('courses/createCourse', { method: 'POST', form, auth: true })).resolves.toEqual({
      course_Id: 4,
    });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer token-9' });
    expect([...form.keys()]).toEqual([
      'Object.course_title',
      'Object.price',
      'Object.certificate',
      'fileName',
    ]);
    expect(form.get('Object.certificate')).toBe('false');
    expect(form.get('fileName')).toBeInstanceOf(File);
  });

  it('leaves out a file that was not chosen', () => {
    const form = objectFormData({ lesson_Id: 0 }, { fileName: null });
    expect([...form.keys()]).toEqual(['Object.lesson_Id']);
  });
});

describe('a busy server', () => {
  const busy = {
    status: 503,
    body: { statusCode: 503, error: 'Service Unavailable', code: 'SERVER_BUSY', message: 'Busy.' },
  };

  it('is waited out as its Retry-After asks, saying so, and the call goes again', async () => {
    vi.useFakeTimers();
    const told: number[] = [];
    setBusyHandler((seconds) => told.push(seconds));
    const calls = mockFetch(() =>
      calls.length < 3 ? { ...busy, headers: { 'retry-after': '2' } } : { body: { token: 'signed-in' } },
    );
    const login = apiRequest('users/login', {
      method: 'POST',
      body: { email: 'a@b.co', password: 'secret123' },
    });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_001);
    expect(calls).toHaveLength(3);
    await expect(login).resolves.toEqual({ token: 'signed-in' });
    expect(told).toEqual([2, 2]);
    // The same call each time: the body goes again as it was.
    expect(calls.map((call) => call.body)).toEqual(Array(3).fill({ email: 'a@b.co', password: 'secret123' }));
  });

  it('fails once it has tried enough, or when the wait asked is too long or not said', async () => {
    vi.useFakeTimers();
    const told: number[] = [];
    setBusyHandler((seconds) => told.push(seconds));
    const always = mockFetch(() => ({ ...busy, headers: { 'retry-after': '1' } }));
    const tried = apiRequest('users/login', { method: 'POST', body: {} }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await tried).toMatchObject({ status: 503, message: 'Busy.' });
    expect(always).toHaveLength(4);
    expect(told).toEqual([1, 1, 1]);

    const tooLongOrUnsaid: Record<string, string>[] = [{ 'retry-after': '120' }, {}];
    for (const header of tooLongOrUnsaid) {
      const once = mockFetch(() => ({ ...busy, headers: header }));
      await expect(apiRequest('courses/GetCourses')).rejects.toMatchObject({ status: 503 });
      expect(once).toHaveLength(1);
    }
  });

  it('stops waiting when the call is aborted', async () => {
    vi.useFakeTimers();
    const calls = mockFetch(() => ({ ...busy, headers: { 'retry-after': '5' } }));
    const controller = new AbortController();
    const read = apiRequest('courses/GetCourses', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    expect(await read).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });
});
