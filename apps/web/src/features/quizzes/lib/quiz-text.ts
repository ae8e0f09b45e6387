import type { AttemptStatus } from '@skillwise/contracts';
import { dateFormat, TO_THE_MINUTE } from '@/lib/format';
import { type MessageId, t } from '@/lib/i18n/i18n';

/** A moment as people read it, to the second: `Nov 29, 2026, 9:10:05 AM`. */
export const formatMoment = (iso: string): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return dateFormat({ ...TO_THE_MINUTE, second: '2-digit' }).format(time);
};

const MOMENT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const MOMENT_PART = '(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z)';

/** The quiz's refusals as the server words them (QUIZ_MSG, in English), each with its message here. */
const QUIZ_REFUSALS: ReadonlyArray<[RegExp, (found: RegExpMatchArray) => string]> = [
  [
    new RegExp(`^You can try this quiz again after ${MOMENT_PART}\\.$`),
    (found) => t('learning.quizzes.wait', { at: formatMoment(found[1] ?? '') }),
  ],
  [
    new RegExp(
      `^The time for this attempt ran out at ${MOMENT_PART}; it was closed without your answers\\.$`,
    ),
    (found) => t('learning.quizzes.timeUp', { at: formatMoment(found[1] ?? '') }),
  ],
  [
    /^You have used all (\d+) attempts? at this quiz\.$/,
    (found) => t('learning.quizzes.noAttemptsLeft', { allowed: Number(found[1]) }),
  ],
  [/^This attempt has already been submitted\.$/, () => t('learning.quizzes.alreadySubmitted')],
];

/**
 * The server's message with each moment in it (an ISO time) written for the reader; the quiz's own
 * refusals in the reader's language.
 */
export const readableMessage = (message: string): string => {
  for (const [pattern, say] of QUIZ_REFUSALS) {
    const found = message.match(pattern);
    if (found) return say(found);
  }
  return message.replace(MOMENT, (iso) => formatMoment(iso));
};

/** A countdown: `4:05`, `1:02:09`. */
export const clockText = (milliseconds: number): string => {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
};

/** A length of time in the largest units that say it exactly: `45 seconds`, `10 minutes`, `1 hour 30 minutes`. */
export const durationText = (seconds: number): string => {
  const parts: string[] = [];
  const units: Array<[number, MessageId]> = [
    [86_400, 'learning.quizzes.duration.days'],
    [3600, 'learning.quizzes.duration.hours'],
    [60, 'learning.quizzes.duration.minutes'],
    [1, 'learning.quizzes.duration.seconds'],
  ];
  let rest = seconds;
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(t(name, { count }));
    rest -= count * size;
  }
  return parts.slice(0, 2).join(' ') || t('learning.quizzes.duration.seconds', { count: 0 });
};

/** An attempt's state in a word or two. */
export const attemptStateText = (status: AttemptStatus, passed: boolean | null): string =>
  t(
    status === 'in_progress'
      ? 'learning.quizzes.state.inProgress'
      : status === 'needs_grading'
        ? 'site.quizzes.waitingForGrading'
        : passed
          ? 'site.quizzes.passed'
          : 'site.quizzes.notPassed',
  );
