import { describe, expect, it } from 'vitest';
import { toastAutoCloseFor } from './toast';

describe('toastAutoCloseFor (SPEC §9)', () => {
  it('closes after 5 s on the public, login and student areas', () => {
    for (const path of ['/', '/courses', '/login', '/students', '/students/myCourses', '/administration']) {
      expect(toastAutoCloseFor(path)).toBe(5000);
    }
  });

  it('closes after 3 s on the admin and subscription areas', () => {
    for (const path of ['/admin', '/admin/subscription', '/admin/checkout', '/myStudents']) {
      expect(toastAutoCloseFor(path)).toBe(3000);
    }
  });
});
