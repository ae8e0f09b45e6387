import type { CourseDetail } from '@skillwise/contracts';
import { type MessageId, t } from '@/lib/i18n/i18n';
import type { FormErrors } from '@/lib/use-form';
import type { CourseInput } from '../api/course-admin';

export type CourseFormValues = {
  title: string;
  description: string;
  price: string;
  priceTypeId: string;
  categoryId: string;
  authorId: string;
  certificate: 'true' | 'false';
  /** Each lesson opens once the one before it is completed (docs/decisions/032). */
  lessonsInOrder: boolean;
  cover: File | null;
};

/** SPEC §9: certificate defaults to no. */
export const EMPTY_COURSE: CourseFormValues = {
  title: '',
  description: '',
  price: '',
  priceTypeId: '',
  categoryId: '',
  authorId: '',
  certificate: 'false',
  lessonsInOrder: false,
  cover: null,
};

export const INVALID_PRICE: MessageId = 'admin.courses.form.invalidPrice';
export const COVER_NOT_IMAGE: MessageId = 'admin.courses.form.coverNotImage';

/** The form prefilled from a stored course (edit mode, SPEC §4). */
export const valuesFromCourse = (course: CourseDetail): CourseFormValues => ({
  title: course.course_title,
  description: course.course_description,
  price: course.price.toFixed(2),
  priceTypeId: String(course.price_type_Id),
  categoryId: String(course.category_Id),
  authorId: String(course.author_id),
  certificate: course.certificate ? 'true' : 'false',
  lessonsInOrder: course.lessons_in_order ?? false,
  cover: null,
});

/** Fields left empty; the cover is required only to create a course. */
export const missingCourseFields = (
  values: CourseFormValues,
  isEditing: boolean,
): Array<keyof CourseFormValues> => {
  const missing: Array<keyof CourseFormValues> = [];
  for (const field of ['title', 'description', 'price', 'priceTypeId', 'categoryId', 'authorId'] as const) {
    if (values[field].trim() === '') missing.push(field);
  }
  if (!isEditing && !values.cover) missing.push('cover');
  return missing;
};

/** How the form names each field, for the line that lists what is missing. */
export const COURSE_FIELD_LABELS: Record<ReturnType<typeof missingCourseFields>[number], MessageId> = {
  title: 'admin.courses.form.title',
  description: 'admin.courses.form.description',
  price: 'admin.courses.form.priceShort',
  priceTypeId: 'admin.courses.form.priceType',
  categoryId: 'admin.courses.form.category',
  authorId: 'admin.courses.form.author',
  cover: 'admin.courses.form.cover',
  certificate: 'admin.courses.form.certificate',
  lessonsInOrder: 'admin.courses.form.lessonsInOrder',
};

/** The form's problem as a message: SPEC §5, price numeric with step 0.01 and required; price type, category and author required. */
const problemOf = (values: CourseFormValues, isEditing: boolean): MessageId | null => {
  if (missingCourseFields(values, isEditing).length > 0) return 'common.msg.allFieldsRequired';
  if (!/^\d+(\.\d{1,2})?$/.test(values.price.trim())) return INVALID_PRICE;
  if (values.cover && !values.cover.type.startsWith('image/')) return COVER_NOT_IMAGE;
  return null;
};

/** The form's problem in the reader's language, or null. */
export const validateCourseForm = (values: CourseFormValues, isEditing: boolean): string | null => {
  const problem = problemOf(values, isEditing);
  return problem === null ? null : t(problem);
};

/** The course form's check as the form shows it: one alert, with the fields it concerns marked. */
export const courseFormErrors = (
  values: CourseFormValues,
  isEditing: boolean,
): FormErrors<CourseFormValues> => {
  const problem = problemOf(values, isEditing);
  if (problem === null) return {};
  if (problem === 'common.msg.allFieldsRequired') {
    const missing = missingCourseFields(values, isEditing);
    return { problem: t(problem), fields: Object.fromEntries(missing.map((field) => [field, true])) };
  }
  return { problem: t(problem), fields: problem === INVALID_PRICE ? { price: true } : { cover: true } };
};

/** The checked form as the save call takes it. */
export const toCourseInput = (values: CourseFormValues): CourseInput => ({
  title: values.title.trim(),
  description: values.description.trim(),
  price: values.price.trim(),
  priceTypeId: Number(values.priceTypeId),
  categoryId: Number(values.categoryId),
  authorId: Number(values.authorId),
  certificate: values.certificate === 'true',
  lessonsInOrder: values.lessonsInOrder,
  cover: values.cover,
});

/** A price type named Free sets the price to 0 (the course costs nothing). */
export const isFreePriceType = (name: string | undefined): boolean => name?.trim().toLowerCase() === 'free';
