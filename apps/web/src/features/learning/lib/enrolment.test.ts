import { describe, expect, it } from 'vitest';
import { courseGate, enrollStep } from './enrolment';

describe('Enroll Now (SPEC §2.4)', () => {
  it('asks a visitor to log in', () => {
    expect(enrollStep({ isSignedIn: false, role: null })).toBe('login');
    expect(enrollStep({ isSignedIn: false, role: '3' })).toBe('login');
  });

  it('checks what a student already owns before checkout', () => {
    expect(enrollStep({ isSignedIn: true, role: '3' })).toBe('check-ownership');
  });

  it('sends anyone else signed in to checkout', () => {
    expect(enrollStep({ isSignedIn: true, role: '1' })).toBe('checkout');
    expect(enrollStep({ isSignedIn: true, role: null })).toBe('checkout');
  });
});

describe('course view gate (SPEC §2.12, DESIGN decision 4)', () => {
  const answered = (data: unknown[]) => ({ isPending: false, isError: false, data });

  it('waits for the enrolment check of a student', () => {
    expect(courseGate('3', { isPending: true, isError: false, data: undefined })).toBe('checking');
  });

  it('opens the course for an enrolled student', () => {
    expect(courseGate('3', answered([{ course_Id: 4 }]))).toBe('course');
  });

  it('shows the course detail with Enroll Now to a student who is not enrolled', () => {
    expect(courseGate('3', answered([]))).toBe('details');
  });

  it('says so when the check failed', () => {
    expect(courseGate('3', { isPending: false, isError: true, data: undefined })).toBe('error');
  });

  it('does not check anyone but a student', () => {
    expect(courseGate('1', { isPending: true, isError: false, data: undefined })).toBe('course');
  });
});
