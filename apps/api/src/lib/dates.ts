/** Calendar arithmetic in UTC, as plan periods, renewals and the sales series count it. */

export const DAY_MS = 86_400_000;

/** `months` calendar months after `start`, the day clamped to the month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonths(start: Date, months: number): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
