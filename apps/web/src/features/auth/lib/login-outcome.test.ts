import { describe, expect, it } from 'vitest';
import { getAdminDestination, getLoginStep, parseLoginResponse } from './login-outcome';

const user = { org_Id: 5, user_id: 9, verified: true, role_id: 1 };

describe('login transitions (SPEC §4)', () => {
  it('treats an answer without a token as a failed login', () => {
    expect(parseLoginResponse({ user })).toBeNull();
    expect(parseLoginResponse({ token: '', user })).toBeNull();
    expect(parseLoginResponse(undefined)).toBeNull();
    expect(parseLoginResponse({ token: 'abc', user })).toEqual({ token: 'abc', user });
  });

  it('sends an unverified user to code verification, whatever the role', () => {
    expect(getLoginStep({ ...user, verified: false })).toEqual({
      type: 'verify',
      path: '/digitCodeVerification',
    });
    expect(getLoginStep({ ...user, verified: false, role_id: 3, org_Id: null }).type).toBe('verify');
  });

  it('sends a verified student to /students', () => {
    expect(getLoginStep({ ...user, role_id: 3, org_Id: null })).toEqual({
      type: 'student',
      path: '/students',
    });
  });

  it('asks for the organisation of anyone else', () => {
    expect(getLoginStep(user)).toEqual({ type: 'organisation', orgId: 5 });
    expect(getLoginStep({ ...user, role_id: 2 })).toEqual({ type: 'organisation', orgId: 5 });
  });

  it('opens /admin for a subscribed organisation and the plans otherwise', () => {
    expect(getAdminDestination({ isSubscribed: true })).toEqual({
      path: '/admin',
      subscriptionStatus: 'active',
    });
    expect(getAdminDestination({ isSubscribed: false })).toEqual({
      path: '/admin/subscription',
      subscriptionStatus: 'inactive',
    });
    expect(getAdminDestination(null).path).toBe('/admin/subscription');
  });
});
