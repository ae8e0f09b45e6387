import { describe, expect, it } from 'vitest';
import { EMPTY_STUDENT, newStudentBody, validateNewStudent } from './add-student';

const courses = [{ course_Id: 7, course_title: 'Knots' }];

describe('Add Students form (SPEC §5)', () => {
  it('requires a name and a valid e-mail, not a password', () => {
    expect(validateNewStudent(EMPTY_STUDENT)).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
    });
    expect(validateNewStudent({ ...EMPTY_STUDENT, name: 'Ada', email: 'not-an-email' })).toEqual({
      email: 'Please enter a valid e-mail address.',
    });
    expect(validateNewStudent({ ...EMPTY_STUDENT, name: 'Ada', email: 'ada@example.com' })).toEqual({});
  });

  it('asks for a longer password when one is typed, and for the course when enrolling', () => {
    expect(
      validateNewStudent({
        ...EMPTY_STUDENT,
        name: 'Ada',
        email: 'ada@example.com',
        password: 'short',
        enroll: true,
      }),
    ).toEqual({
      password: 'Password must be at least 8 characters.',
      courseId: 'Choose the course to enrol the student in.',
    });
  });

  it('sends the chosen course with its title only when enrolling', () => {
    const draft = { ...EMPTY_STUDENT, name: ' Ada ', email: 'ada@example.com', courseId: '7' };
    expect(newStudentBody(draft, courses)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      enroll: false,
      course_Id: '',
      course_title: '',
      consent: false,
      payment: "They didn't.",
    });
    expect(
      newStudentBody({ ...draft, enroll: true, password: 'secret123', payment: "It's free" }, courses),
    ).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret123',
      enroll: true,
      course_Id: 7,
      course_title: 'Knots',
      consent: false,
      payment: "It's free",
    });
  });
});
