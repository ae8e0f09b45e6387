import { afterEach, expect, test, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch } from '@/test/render';
import { getMyProfile } from './account';

const { adopt } = vi.hoisted(() => ({ adopt: vi.fn(async () => undefined) }));
vi.mock('@/lib/i18n/profile-language', () => ({ adoptProfileLanguage: adopt }));

afterEach(() => {
  vi.unstubAllGlobals();
  adopt.mockClear();
});

test('the profile’s language, as it loads, is handed on to become the app’s', async () => {
  storage.set('authToken', 'tok');
  mockFetch(() => ({ body: { user_id: 1, fullName: 'Robin', language: 'ar' } }));
  expect((await getMyProfile()).language).toBe('ar');
  expect(adopt).toHaveBeenCalledWith('ar');
  mockFetch(() => ({ body: { user_id: 1, fullName: 'Robin', language: null } }));
  await getMyProfile();
  expect(adopt).toHaveBeenLastCalledWith(null);
});
