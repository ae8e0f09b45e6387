import { describe, expect, it } from 'vitest';
import { safeReturnPath, studentReturnPath } from '@/lib/return-to';
import { isSchoolCoursePath, schoolSitePaths, schoolTheme } from './school-site';

describe('a school site’s addresses', () => {
  it('lives under /s/{slug} in the installation and at the root on its own domain', () => {
    expect(schoolSitePaths('clay', false)).toMatchObject({
      home: '/s/clay',
      signUp: '/s/clay/signUp',
      returnTo: '/s/clay',
    });
    expect(schoolSitePaths('clay', false).course(4)).toBe('/s/clay/courses/4');
    expect(schoolSitePaths('clay', true)).toMatchObject({
      home: '/',
      signUp: '/signUp',
      returnTo: '/s/clay',
    });
    expect(schoolSitePaths('clay', true).course(4)).toBe('/courses/4');
  });

  it('a student signed up on the site returns to it; a course page of it is a place to come back to', () => {
    expect(studentReturnPath(schoolSitePaths('clay', true).returnTo)).toBe('/s/clay');
    expect(safeReturnPath('/s/clay/courses/4')).toBe('/s/clay/courses/4');
    expect(isSchoolCoursePath('/s/clay/courses/4')).toBe(true);
    expect(isSchoolCoursePath('/courses/4')).toBe(true);
    expect(isSchoolCoursePath('/courseDetail')).toBe(false);
    expect(isSchoolCoursePath('/s/clay')).toBe(false);
  });

  it('the school’s colour is the brand’s 600 shade, the others mixed from it', () => {
    const theme = schoolTheme('#0f766e') as Record<string, string>;
    expect(theme['--color-brand-600']).toBe('#0f766e');
    expect(theme['--color-brand-700']).toBe('color-mix(in srgb, #0f766e 85%, black)');
    expect(theme['--color-brand-50']).toBe('color-mix(in srgb, #0f766e 8%, white)');
  });
});
