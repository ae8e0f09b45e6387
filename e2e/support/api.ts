import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect } from './fixtures';
import { uniqueEmail, waitForCode } from './outbox';

/** A suffix that keeps this run's names apart from earlier runs' on the shared demo data. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The answer's JSON, after checking it succeeded (the URL, status and body name a failure). */
export async function ok<T = unknown>(response: Promise<APIResponse> | APIResponse): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

export type Login = { token: string; user: { user_id: number; org_Id: number | null } };

/** users/Login as the web app calls it. */
export const apiLogin = (request: APIRequestContext, email: string, password: string) =>
  ok<Login>(request.post('/api/users/Login', { data: { username: email, password } }));

/** A student who signed up through the API and verified the code read from the outbox. */
export async function signedUpStudent(
  request: APIRequestContext,
  { prefix = 'student', name = 'Morgan Mariner', password = 'student password 1' } = {},
) {
  const email = uniqueEmail(prefix);
  const since = Date.now();
  await ok(request.post('/api/users/register', { data: { email, password, fullName: name, role_id: 3 } }));
  const verified = await ok<{ verified: boolean }>(
    request.post('/api/users/VerifyVerificationCode', {
      data: { email, verificationCode: await waitForCode(email, since) },
    }),
  );
  expect(verified.verified).toBe(true);
  return { email, password, name };
}

/** Buys a course in the sandbox with the test card, through the API calls the checkout makes; its order id. */
export async function boughtWithTestCard(
  request: APIRequestContext,
  student: { email: string; password: string },
  courseId: number,
  price: number,
): Promise<string> {
  const login = await apiLogin(request, student.email, student.password);
  const headers = bearer(login.token);
  const order = await ok<{ id: string }>(
    request.post('/api/courses/CreateOrder', {
      headers,
      data: { price, email_address: student.email, user_id: login.user.user_id, course_id: courseId },
    }),
  );
  await ok(
    request.post(`/api/sandbox/orders/${order.id}/approve`, {
      headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Card Holder' },
    }),
  );
  await ok(
    request.post('/api/courses/CaptureOrder', {
      headers,
      data: { orderId: order.id, course_Id: courseId, price, user_id: login.user.user_id },
    }),
  );
  return order.id;
}
