import { type CourseDetail, MSG } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n/i18n';
import {
  EMPTY_COURSE,
  INVALID_PRICE,
  isFreePriceType,
  missingCourseFields,
  toCourseInput,
  validateCourseForm,
  valuesFromCourse,
} from './course-form';

const cover = new File(['png'], 'cover.png', { type: 'image/png' });
const filled = {
  ...EMPTY_COURSE,
  title: ' Knots ',
  description: 'Eight knots.',
  price: '19.99',
  priceTypeId: '2',
  categoryId: '3',
  authorId: '4',
  cover,
};

describe('course form (SPEC §5, §4)', () => {
  it('starts with no certificate', () => {
    expect(EMPTY_COURSE.certificate).toBe('false');
  });

  it('requires every field and, to create, a cover', () => {
    expect(validateCourseForm(filled, false)).toBeNull();
    expect(missingCourseFields({ ...filled, cover: null }, false)).toEqual(['cover']);
    expect(validateCourseForm({ ...filled, categoryId: '' }, false)).toBe(MSG.allFieldsRequired);
    // Editing keeps the current cover when none is chosen.
    expect(validateCourseForm({ ...filled, cover: null }, true)).toBeNull();
  });

  it('takes a price in dollars with at most two decimals (step 0.01)', () => {
    expect(validateCourseForm({ ...filled, price: '0' }, false)).toBeNull();
    expect(validateCourseForm({ ...filled, price: '19.999' }, false)).toBe(t(INVALID_PRICE));
    expect(validateCourseForm({ ...filled, price: '-1' }, false)).toBe(t(INVALID_PRICE));
  });

  it('sends trimmed text and numbers', () => {
    expect(toCourseInput(filled)).toEqual({
      title: 'Knots',
      description: 'Eight knots.',
      price: '19.99',
      priceTypeId: 2,
      categoryId: 3,
      authorId: 4,
      certificate: false,
      lessonsInOrder: false,
      cover,
    });
  });

  it('prefills the edit form from the stored course', () => {
    const course = {
      course_title: 'Knots',
      course_description: 'Eight knots.',
      price: 5,
      price_type_Id: 2,
      category_Id: 3,
      author_id: 4,
      certificate: true,
    } as CourseDetail;
    expect(valuesFromCourse(course)).toMatchObject({ price: '5.00', categoryId: '3', certificate: 'true' });
  });

  it('knows the free price type by its name', () => {
    expect(isFreePriceType('Free')).toBe(true);
    expect(isFreePriceType('Paid')).toBe(false);
    expect(isFreePriceType(undefined)).toBe(false);
  });
});
