import { describe, expect, it } from 'vitest';
import { safeReturnPath, staffReturnPath, studentReturnPath, withNext } from './return-to';

describe('return target after login (no open redirect)', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeReturnPath('/courseDetail?id=4')).toBe('/courseDetail?id=4');
    expect(safeReturnPath('/students/takeCourse?id=4#top')).toBe('/students/takeCourse?id=4#top');
  });

  it.each([
    'https://evil.example/courseDetail',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'courseDetail?id=4',
    '/courses\n?x',
    '',
    null,
    '/login',
    '/digitCodeVerification?next=/x',
    '/register',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('adds the target to a link only when it is safe', () => {
    expect(withNext('/login', '/courseDetail?id=4')).toBe('/login?next=%2FcourseDetail%3Fid%3D4');
    expect(withNext('/login', 'https://evil.example')).toBe('/login');
    expect(withNext('/login?x=1', '/courses')).toBe('/login?x=1&next=%2Fcourses');
  });

  it('sends a student back to the course inside the student area, never to the publisher’s', () => {
    expect(studentReturnPath('/courseDetail?id=4')).toBe('/students/courseDetails?id=4');
    expect(studentReturnPath('/students/takeCourse?id=4')).toBe('/students/takeCourse?id=4');
    expect(studentReturnPath('/admin/curriculum')).toBeNull();
    expect(studentReturnPath('/myStudents')).toBeNull();
    // The landing page would sign the user out again.
    expect(studentReturnPath('/')).toBeNull();
    expect(studentReturnPath('//evil.example')).toBeNull();
  });

  it('sends a publisher back only to its own areas', () => {
    expect(staffReturnPath('/admin/previewCourse?id=4')).toBe('/admin/previewCourse?id=4');
    expect(staffReturnPath('/myStudents')).toBe('/myStudents');
    expect(staffReturnPath('/courseDetail?id=4')).toBeNull();
    expect(staffReturnPath('/students/myCourses')).toBeNull();
  });
});
