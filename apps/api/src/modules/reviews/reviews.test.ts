import { courseRatingSchema, myReviewSchema, reviewSchema, TOTAL_COUNT_HEADER } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { courseReviews, enrolments } from '../../db/schema';
import { NOT_ENROLLED_TO_REVIEW, reviewerName } from './reviews.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function enrolledStudent(courseId: number, fullName = 'Sam Student') {
  const student = await createStudent(ctx, fullName);
  await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
  return student;
}

const review = (token: string | undefined, body: unknown) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/reviews/SaveCourseReview',
    ...(token ? { token } : {}),
    body: body as object,
  });

const get = (url: string, token?: string) =>
  call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });

const hide = (token: string | undefined, Id: number, hidden: boolean) =>
  call(ctx.app, {
    method: 'PUT',
    url: '/api/reviews/hideUnhideReview',
    ...(token ? { token } : {}),
    body: { Id, hidden },
  });

describe('course reviews', () => {
  test('students rate once (a second submission updates); the course page shows the average and newest first', async () => {
    const publisher = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0);
    const ada = await enrolledStudent(course.id, 'Ada  van Lovelace');
    const bob = await enrolledStudent(course.id, 'bob');

    // Nothing yet: honestly none (and this empty answer is now cached).
    expect(courseRatingSchema.parse((await get(`/api/reviews/GetCourseRating/${course.id}`)).json())).toEqual(
      {
        course_Id: course.id,
        average: null,
        count: 0,
      },
    );
    const empty = await get(`/api/reviews/GetCourseReviews/${course.id}?page=1`);
    expect(empty.json()).toEqual([]);
    expect(empty.headers[TOTAL_COUNT_HEADER]).toBe('0');

    const first = await review(ada.token, {
      course_Id: course.id,
      rating: 4,
      comment: '  <b>Great</b> course  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(reviewSchema.parse(first.json())).toMatchObject({
      rating: 4,
      comment: '<b>Great</b> course',
      reviewer: 'Ada L.',
      hidden: false,
    });
    const second = await review(bob.token, { course_Id: course.id, rating: '5' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ comment: '', reviewer: 'bob' });

    // The cached answers were cleared by the writes.
    let rating = courseRatingSchema.parse((await get(`/api/reviews/GetCourseRating/${course.id}`)).json());
    expect(rating).toEqual({ course_Id: course.id, average: 4.5, count: 2 });

    // Ada changes her mind: one review, updated, and it is now the latest.
    const edited = await review(ada.token, { course_Id: course.id, rating: 2, comment: 'Too fast for me.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().review_Id).toBe(first.json().review_Id);
    rating = courseRatingSchema.parse((await get(`/api/reviews/GetCourseRating/${course.id}`)).json());
    expect(rating).toEqual({ course_Id: course.id, average: 3.5, count: 2 });
    const page = await get(`/api/reviews/GetCourseReviews/${course.id}?page=1&pageSize=1`);
    expect(page.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect(page.json().map((r: { comment: string }) => r.comment)).toEqual(['Too fast for me.']);
    const next = await get(`/api/reviews/GetCourseReviews/${course.id}?page=2&pageSize=1`);
    expect(next.json().map((r: { reviewer: string }) => r.reviewer)).toEqual(['bob']);
    const searched = await get(`/api/reviews/GetCourseReviews/${course.id}?search=TOO%20FAST`);
    expect(searched.json().map((r: { reviewer: string }) => r.reviewer)).toEqual(['Ada L.']);
    expect(searched.headers[TOTAL_COUNT_HEADER]).toBe('1');
    const all = await get(`/api/reviews/GetCourseReviews/${course.id}`);
    expect(all.json()).toHaveLength(2);
    for (const row of all.json()) reviewSchema.parse(row);

    const mine = myReviewSchema.parse(
      (await get(`/api/reviews/GetMyCourseReview/${course.id}`, ada.token)).json(),
    );
    expect(mine).toMatchObject({ canReview: true, review: { rating: 2, comment: 'Too fast for me.' } });
    expect(
      await ctx.database.db.select().from(courseReviews).where(eq(courseReviews.courseId, course.id)),
    ).toHaveLength(2);
  });

  test('the publisher hides and shows a review: hidden ones neither count nor show publicly', async () => {
    const publisher = await createPublisher(ctx);
    const other = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0);
    const ada = await enrolledStudent(course.id);
    const bob = await enrolledStudent(course.id);
    const low = (await review(ada.token, { course_Id: course.id, rating: 1, comment: 'Spam spam' })).json();
    await review(bob.token, { course_Id: course.id, rating: 5 });
    // Warm the cache, so the hide must clear it.
    expect((await get(`/api/reviews/GetCourseRating/${course.id}`)).json().count).toBe(2);

    expect((await hide(other.token, low.review_Id, true)).statusCode).toBe(404);
    expect((await hide(ada.token, low.review_Id, true)).statusCode).toBe(403);
    expect((await hide(undefined, low.review_Id, true)).statusCode).toBe(401);
    const hidden = await hide(publisher.token, low.review_Id, true);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ review_Id: low.review_Id, hidden: true });

    expect((await get(`/api/reviews/GetCourseRating/${course.id}`)).json()).toEqual({
      course_Id: course.id,
      average: 5,
      count: 1,
    });
    const visible = await get(`/api/reviews/GetCourseReviews/${course.id}?page=1`);
    expect(visible.json().map((r: { rating: number }) => r.rating)).toEqual([5]);
    expect(visible.headers[TOTAL_COUNT_HEADER]).toBe('1');
    // Another organisation's publisher and students see the public list; the course's publisher all of it.
    expect((await get(`/api/reviews/GetCourseReviews/${course.id}`, other.token)).json()).toHaveLength(1);
    expect((await get(`/api/reviews/GetCourseReviews/${course.id}`, bob.token)).json()).toHaveLength(1);
    const staffView = await get(`/api/reviews/GetCourseReviews/${course.id}?page=1`, publisher.token);
    expect(
      staffView
        .json()
        .map((r: { hidden: boolean }) => r.hidden)
        .sort(),
    ).toEqual([false, true]);
    expect(staffView.headers[TOTAL_COUNT_HEADER]).toBe('2');

    // Editing a hidden review does not show it again; the author still sees its own.
    await review(ada.token, { course_Id: course.id, rating: 2, comment: 'Edited' });
    expect((await get(`/api/reviews/GetCourseRating/${course.id}`)).json().count).toBe(1);
    expect((await get(`/api/reviews/GetMyCourseReview/${course.id}`, ada.token)).json().review).toMatchObject(
      {
        hidden: true,
        comment: 'Edited',
      },
    );

    expect((await hide(publisher.token, low.review_Id, false)).json().hidden).toBe(false);
    expect((await get(`/api/reviews/GetCourseRating/${course.id}`)).json()).toEqual({
      course_Id: course.id,
      average: 3.5,
      count: 2,
    });
  });

  test('refused: no token, not enrolled, the publisher, an unpublished course, another student’s review', async () => {
    const publisher = await createPublisher(ctx);
    const other = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0);
    const draft = await createCourse(ctx, publisher.orgId ?? 0, { published: false });
    const ada = await enrolledStudent(course.id);
    const stranger = await createStudent(ctx);
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: ada.userId, courseId: draft.id, source: 'assigned' });

    expect((await review(undefined, { course_Id: course.id, rating: 5 })).statusCode).toBe(401);
    expect((await get(`/api/reviews/GetMyCourseReview/${course.id}`)).statusCode).toBe(401);
    const notEnrolled = await review(stranger.token, { course_Id: course.id, rating: 5 });
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().message).toBe(NOT_ENROLLED_TO_REVIEW);
    expect((await get(`/api/reviews/GetMyCourseReview/${course.id}`, stranger.token)).json()).toEqual({
      course_Id: course.id,
      canReview: false,
      review: null,
    });
    expect((await review(publisher.token, { course_Id: course.id, rating: 5 })).statusCode).toBe(403);
    expect((await review(other.token, { course_Id: course.id, rating: 5 })).statusCode).toBe(403);
    expect((await review(ada.token, { course_Id: draft.id, rating: 5 })).statusCode).toBe(404);
    expect((await get(`/api/reviews/GetCourseRating/${draft.id}`)).statusCode).toBe(404);
    expect((await get(`/api/reviews/GetCourseReviews/${draft.id}`, ada.token)).statusCode).toBe(404);
    expect((await get(`/api/reviews/GetCourseReviews/${draft.id}`, other.token)).statusCode).toBe(404);
    expect((await get(`/api/reviews/GetCourseRating/${draft.id}`, publisher.token)).statusCode).toBe(200);
    expect((await review(ada.token, { course_Id: 2_000_000_000, rating: 5 })).statusCode).toBe(404);

    // A student only ever writes its own review: the body names no review or user to take over.
    const mine = (await review(ada.token, { course_Id: course.id, rating: 4, comment: 'Mine' })).json();
    const bob = await enrolledStudent(course.id);
    const takeover = await review(bob.token, {
      course_Id: course.id,
      rating: 1,
      comment: 'Not yours',
      review_Id: mine.review_Id,
      user_id: ada.userId,
    });
    expect(takeover.statusCode).toBe(201);
    expect(takeover.json().review_Id).not.toBe(mine.review_Id);
    const [adaRow] = await ctx.database.db
      .select()
      .from(courseReviews)
      .where(eq(courseReviews.id, mine.review_Id));
    expect(adaRow).toMatchObject({ rating: 4, comment: 'Mine', userId: ada.userId });
    // A student cannot hide a review either.
    expect((await hide(bob.token, mine.review_Id, true)).statusCode).toBe(403);
  });

  test('bad input is a 400 naming the field', async () => {
    const publisher = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0);
    const ada = await enrolledStudent(course.id);
    const cases: Array<[unknown, string]> = [
      [{ rating: 5 }, 'course_Id'],
      [{ course_Id: 'x', rating: 5 }, 'course_Id'],
      [{ course_Id: course.id }, 'rating'],
      [{ course_Id: course.id, rating: 0 }, 'rating'],
      [{ course_Id: course.id, rating: 6 }, 'rating'],
      [{ course_Id: course.id, rating: 4.5 }, 'rating'],
      [{ course_Id: course.id, rating: 'five' }, 'rating'],
      [{ course_Id: course.id, rating: 5, comment: 'x'.repeat(1001) }, 'comment'],
      [{ course_Id: course.id, rating: 5, comment: 'bell\u0007' }, 'comment'],
      [{ course_Id: course.id, rating: 5, comment: 42 }, 'comment'],
    ];
    for (const [body, field] of cases) {
      const res = await review(ada.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(
      (await review(ada.token, { course_Id: course.id, rating: 5, comment: 'x'.repeat(1000) })).statusCode,
    ).toBe(201);
    expect((await hide(publisher.token, 0, true)).statusCode).toBe(400);
    const badFlag = await call(ctx.app, {
      method: 'PUT',
      url: '/api/reviews/hideUnhideReview',
      token: publisher.token,
      body: { Id: 1, hidden: 'perhaps' },
    });
    expect(badFlag.json().details[0].field).toBe('hidden');
    expect(
      (await get(`/api/reviews/GetCourseReviews/${course.id}?pageSize=500`)).json().details[0].field,
    ).toBe('pageSize');
    expect((await get('/api/reviews/GetCourseRating/abc')).statusCode).toBe(400);
  });
});

describe('reviewerName', () => {
  test('first name and the last name’s initial', () => {
    expect(reviewerName('Ada Lovelace')).toBe('Ada L.');
    expect(reviewerName(' Ada  King  lovelace ')).toBe('Ada L.');
    expect(reviewerName('Plato')).toBe('Plato');
    expect(reviewerName('  ')).toBe('A student');
  });
});
