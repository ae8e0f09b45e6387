import { ROLE } from '@skillwise/contracts';
import { LOCALE_KEY } from './i18n/locale';

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
  /** A coupon code a link carried (?coupon=), applied at the checkout (docs/decisions/030). */
  couponCode: 'coupon_code',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

/**
 * What the landing page clears (SPEC §2.2 "clears all local storage", read in decision 015): the course
 * chosen and the screens' navigation and checkout keys, so a visit starts afresh, but not the session.
 */
export const LANDING_CLEARED_KEYS = [
  'courseId',
  'price',
  'loginMessage',
  'componentKey',
  'selectedUserId',
  'selectedUserEmail',
  'billingType',
  'subscriptionCategory',
  'check',
  'couponCode',
] as const satisfies readonly StorageKey[];

/**
 * What the landing page keeps: the session (who is signed in, as what, with which subscription), and
 * which code the verification screen finishes, which every flow that leads there sets itself and a
 * second tab opening the home page must not change. Logout clears these too.
 */
export const LANDING_KEPT_KEYS = [
  'authToken',
  'userId',
  'orgId',
  'userEmail',
  'currentUserRole',
  'userType',
  'subscriptionStatus',
  'verifyFor',
] as const satisfies readonly StorageKey[];

/** verifyFor: which flow the code verification screen finishes (SPEC §3). */
export type VerifyFor = 'login' | 'reset';

/**
 * The one key made per thing rather than named by SPEC §3: a student's answers to an open quiz attempt,
 * kept so that a reload or a closed tab loses nothing while the attempt goes on (docs/decisions/033).
 * Cleared with everything else at logout; the landing page keeps them.
 */
const attemptAnswersKey = (attemptId: number) => `quiz_answers_${attemptId}`;

/** The video player's speed, kept across lessons and visits (docs/decisions/043); cleared at logout. */
const PLAYBACK_SPEED_KEY = 'playback_speed';

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
  /** What was kept for an open quiz attempt (parsed, unchecked), or null when nothing readable was. */
  getAttemptAnswers(attemptId: number): unknown {
    try {
      const kept = localStorage.getItem(attemptAnswersKey(attemptId));
      return kept === null ? null : (JSON.parse(kept) as unknown);
    } catch {
      return null;
    }
  },
  setAttemptAnswers(attemptId: number, answers: unknown): void {
    try {
      localStorage.setItem(attemptAnswersKey(attemptId), JSON.stringify(answers));
    } catch {
      // Storage full or refused (a private window): the answers stay in the page, as before.
    }
  },
  removeAttemptAnswers(attemptId: number): void {
    try {
      localStorage.removeItem(attemptAnswersKey(attemptId));
    } catch {
      // Refused storage keeps nothing to remove.
    }
  },
  /** The speed the reader last chose for a video, unchecked; null when none was kept or storage is refused. */
  getPlaybackSpeed(): string | null {
    try {
      return localStorage.getItem(PLAYBACK_SPEED_KEY);
    } catch {
      return null;
    }
  },
  setPlaybackSpeed(speed: number): void {
    try {
      localStorage.setItem(PLAYBACK_SPEED_KEY, String(speed));
    } catch {
      // Refused storage: the speed holds for this lesson only.
    }
  },
  /**
   * SPEC §4: logout (and a session the server ended) clears all local storage, but for the reader's
   * language, which is not the session's: the page stays in the language it is in (docs/decisions/044).
   */
  clear(): void {
    const locale = localStorage.getItem(LOCALE_KEY);
    localStorage.clear();
    if (locale !== null) localStorage.setItem(LOCALE_KEY, locale);
  },
  /** SPEC §2.2 as decision 015 reads it: the landing page clears LANDING_CLEARED_KEYS and keeps the session. */
  clearForLanding(): void {
    for (const key of LANDING_CLEARED_KEYS) localStorage.removeItem(STORAGE_KEYS[key]);
  },
};

export const getVerifyFor = (): VerifyFor => (storage.get('verifyFor') === 'reset' ? 'reset' : 'login');

export const hasAuthToken = (): boolean => Boolean(storage.get('authToken'));

/** Who is signed in on this browser, as the stored keys say (the server still decides every permission). */
export type StoredSession = { email: string; isStudent: boolean };

/** The stored session, or null when nobody is signed in. */
export const storedSession = (): StoredSession | null =>
  hasAuthToken()
    ? {
        email: storage.get('userEmail') ?? '',
        isStudent: storage.get('currentUserRole') === String(ROLE.STUDENT),
      }
    : null;
