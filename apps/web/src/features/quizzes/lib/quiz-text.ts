import type { AttemptStatus } from '@skillwise/contracts';
import { dateFormat } from '@/lib/format';

/** A moment as people read it, to the second: `Nov 29, 2026, 9:10:05 AM`. */
export const formatMoment = (iso: string): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return dateFormat({
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(time);
};

/** The server's message with each moment in it (an ISO time) written for the reader. */
export const readableMessage = (message: string): string =>
  message.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, (iso) => formatMoment(iso));

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
  const units: Array<[number, string]> = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  let rest = seconds;
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
    rest -= count * size;
  }
  return parts.slice(0, 2).join(' ') || '0 seconds';
};

/** An attempt's state in a word or two. */
export const attemptStateText = (status: AttemptStatus, passed: boolean | null): string =>
  status === 'in_progress'
    ? 'In progress'
    : status === 'needs_grading'
      ? 'Waiting for grading'
      : passed
        ? 'Passed'
        : 'Not passed';
