/**
 * Every localStorage key the app uses, exactly as SPEC §3 names them.
 * Components never touch localStorage directly; they go through `storage`.
 */
export const STORAGE_KEYS = {
  userId: 'user_id',
  orgId: 'org_Id',
  authToken: 'authToken',
  userEmail: 'userEmail',
  courseId: 'course_Id',
  price: 'price',
  currentUserRole: 'current_user_role',
  verifyFor: 'verifyFor',
  subscriptionStatus: 'subscriptionStatus',
  loginMessage: 'loginmessage',
  userType: 'userType',
  componentKey: 'componentKey',
  selectedUserId: 'selectedUserID',
  selectedUserEmail: 'selectedUserEmail',
  billingType: 'billingType',
  subscriptionCategory: 'subscriptionCategory',
  check: 'check',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

/** verifyFor: which flow the code verification screen finishes (SPEC §3). */
export type VerifyFor = 'login' | 'reset';

export const storage = {
  get(key: StorageKey): string | null {
    return localStorage.getItem(STORAGE_KEYS[key]);
  },
  set(key: StorageKey, value: string | number): void {
    localStorage.setItem(STORAGE_KEYS[key], String(value));
  },
  remove(key: StorageKey): void {
    localStorage.removeItem(STORAGE_KEYS[key]);
  },
  /** SPEC §2.2 and §4: the landing page and logout clear all local storage. */
  clear(): void {
    localStorage.clear();
  },
};

export const getVerifyFor = (): VerifyFor => (storage.get('verifyFor') === 'reset' ? 'reset' : 'login');

export const hasAuthToken = (): boolean => Boolean(storage.get('authToken'));
