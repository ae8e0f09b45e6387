import {
  completesByMarking,
  EDIT_LESSON_MAX_BYTES,
  LESSON_FORM_MAX_BYTES,
  lessonKind,
  MSG,
} from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import { AUTHORING_MSG } from '@/config/messages';
import { editableContentType, validateEditedLesson, validateNewLesson } from './lesson-rules';

/** A file that claims a size without holding the bytes. */
const fileOfSize = (size: number, type = 'application/pdf') => {
  const file = new File(['x'], 'lesson.pdf', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const draft = { title: 'Intro', contentType: 'pdf', sectionId: 4, file: null };

describe('add-lesson form rules (SPEC §5)', () => {
  it('takes a complete lesson, with or without a file', () => {
    expect(validateNewLesson(draft)).toBeNull();
    expect(validateNewLesson({ ...draft, file: fileOfSize(LESSON_FORM_MAX_BYTES) })).toBeNull();
  });

  it('refuses a file over 104857600 bytes', () => {
    expect(validateNewLesson({ ...draft, file: fileOfSize(LESSON_FORM_MAX_BYTES + 1) })).toBe(
      'File is too large. Maximum allowed size is 100 MB.',
    );
  });

  it('checks the size before the other fields', () => {
    expect(validateNewLesson({ ...draft, title: '', file: fileOfSize(LESSON_FORM_MAX_BYTES + 1) })).toBe(
      AUTHORING_MSG.lessonFileTooLarge,
    );
  });

  it.each([
    ['a blank (trimmed) name', { title: '   ' }],
    ['no content type', { contentType: '' }],
    ['an unknown content type', { contentType: 'image' }],
    ['no section', { sectionId: null }],
  ])('says all fields are required for %s', (_case, change) => {
    expect(validateNewLesson({ ...draft, ...change })).toBe(MSG.allFieldsRequired);
  });
});

describe('edit-lesson form rules (SPEC §5, DESIGN decision 2)', () => {
  it('takes a complete lesson', () => {
    expect(validateEditedLesson(draft)).toBeNull();
    expect(validateEditedLesson({ ...draft, file: fileOfSize(EDIT_LESSON_MAX_BYTES) })).toBeNull();
  });

  it('refuses a file over 2147483648 bytes, naming 2 GB', () => {
    expect(validateEditedLesson({ ...draft, file: fileOfSize(EDIT_LESSON_MAX_BYTES + 1) })).toBe(
      'File size should be less than 2 GB.',
    );
  });

  it('requires the title, the content type and the section', () => {
    expect(validateEditedLesson({ ...draft, title: ' ' })).toBe(MSG.allFieldsRequired);
    expect(validateEditedLesson({ ...draft, contentType: '' })).toBe(MSG.allFieldsRequired);
    expect(validateEditedLesson({ ...draft, sectionId: 0 })).toBe(MSG.allFieldsRequired);
  });
});

describe('lesson kinds', () => {
  it('reads content types and the MIME types a bulk upload stores', () => {
    expect(lessonKind('video')).toBe('video');
    expect(lessonKind('application/pdf')).toBe('pdf');
    expect(lessonKind('video/mp4')).toBe('video');
    expect(lessonKind('image/png')).toBe('image');
    expect(lessonKind('audio/mpeg')).toBe('audio');
    expect(lessonKind('')).toBe('text');
    expect(lessonKind('quiz')).toBe('quiz');
    // A quiz is not marked done: it completes when an attempt passes.
    expect(completesByMarking('quiz')).toBe(false);
    expect(completesByMarking('pdf')).toBe(true);
    expect(completesByMarking('video/mp4')).toBe(false);
  });

  it('starts the edit form on the lesson’s kind', () => {
    expect(editableContentType('application/pdf')).toBe('pdf');
    expect(editableContentType('video/mp4')).toBe('video');
    expect(editableContentType('image/jpeg')).toBe('image');
  });

  it('lets an image lesson keep its type only while it keeps its file', () => {
    const image = { title: 'Diagram', contentType: 'image', sectionId: 4, file: null };
    expect(validateEditedLesson(image)).toBeNull();
    expect(validateEditedLesson({ ...image, file: fileOfSize(10) })).toBe(
      'Choose the content type of the new file.',
    );
  });
});
