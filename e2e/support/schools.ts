import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ok } from './api';
import { uniqueEmail, waitForCode } from './outbox';

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

/**
 * A new school on the Growth plan, all through the API: registered, verified with the code from the
 * outbox, signed in, and its plan bought in the sandbox with the test card. Its login and headers.
 */
export async function growthSchool(
  api: APIRequestContext,
  school: { name: string; emailPrefix: string; fullName: string; description?: string },
) {
  const email = uniqueEmail(school.emailPrefix);
  const password = `${school.emailPrefix} password`;
  const since = Date.now();
  await ok(
    api.post('/api/organization/RegisterOrg', {
      data: {
        org_Name: school.name,
        org_url: `https://${school.emailPrefix}.example.com`,
        ...(school.description ? { org_Description: school.description } : {}),
        primary_email: email,
        fullName: school.fullName,
        password,
      },
    }),
  );
  await ok(
    api.post('/api/users/VerifyVerificationCode', {
      data: { email, verificationCode: await waitForCode(email, since) },
    }),
  );
  const login = await ok<{ token: string; user: { user_id: number } }>(
    api.post('/api/users/Login', { data: { username: email, password } }),
  );
  const headers = { Authorization: `Bearer ${login.token}` };

  const [prices] = await ok<Array<{ monthlyGrowth: number }>>(api.get('/api/pricingplan'));
  const order = await ok<{ id: string }>(
    api.post('/api/organization/CreateOrder', {
      headers,
      data: {
        price: prices?.monthlyGrowth,
        email_address: email,
        user_id: login.user.user_id,
        subscriptionCategoryType: 'MonthlyGrowth',
      },
    }),
  );
  await ok(
    api.post(`/api/sandbox/orders/${order.id}/approve`, {
      headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: school.fullName },
    }),
  );
  await ok(
    api.post('/api/organization/CaptureOrder', {
      headers,
      data: { orderId: order.id, subscriptionCategoryType: 'MonthlyGrowth' },
    }),
  );
  return { email, password, headers };
}

/** A category and an author (with the fixture photo) of the signed-in school, through the API. */
export async function categoryAndAuthor(
  api: APIRequestContext,
  headers: Record<string, string>,
  category: { name: string; description: string },
  author: { firstName: string; lastName: string; gender: 'F' | 'M'; email: string; bio: string },
) {
  const made = await ok<{ category_Id: number }>(
    api.post('/api/coursecategory/CreateCourseCategory', {
      headers,
      data: { category_name: category.name, category_description: category.description },
    }),
  );
  const writer = await ok<{ author_id: number }>(
    api.post('/api/authors/CreateAuthors', {
      headers,
      multipart: {
        'Object.first_name': author.firstName,
        'Object.last_name': author.lastName,
        'Object.gender': author.gender,
        'Object.email_address': author.email,
        'Object.phone_number': '2025550123',
        'Object.bio': author.bio,
        fileName: { name: 'author.jpg', mimeType: 'image/jpeg', buffer: readFileSync(fixture('author.jpg')) },
      },
    }),
  );
  return { categoryId: made.category_Id, authorId: writer.author_id };
}

/** A course of the signed-in school with the fixture cover, published, through the API; its id. */
export async function publishedCourse(
  api: APIRequestContext,
  headers: Record<string, string>,
  course: { title: string; description: string; price: string; categoryId: number; authorId: number },
) {
  const made = await ok<{ course_Id: number }>(
    api.post('/api/courses/createCourse', {
      headers,
      multipart: {
        'Object.course_title': course.title,
        'Object.course_description': course.description,
        'Object.price': course.price,
        'Object.price_type_Id': Number(course.price) > 0 ? '2' : '1',
        'Object.certificate': 'false',
        'Object.category_id': String(course.categoryId),
        'Object.author_id': String(course.authorId),
        fileName: { name: 'cover.png', mimeType: 'image/png', buffer: readFileSync(fixture('cover.png')) },
      },
    }),
  );
  await ok(
    api.put('/api/courses/publishUnpublishCourse', {
      headers,
      data: { Id: made.course_Id, published: true },
    }),
  );
  return made.course_Id;
}
