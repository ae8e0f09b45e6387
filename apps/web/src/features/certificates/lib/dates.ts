import { formatLongUtcDate } from '@/lib/format';

/**
 * The date a certificate was issued, as its PDF prints it ('March 12, 2026', in UTC), so the page and
 * the paper never disagree by a day; an em dash when it cannot be read.
 */
export const certificateDate = (iso: string | null | undefined): string => formatLongUtcDate(iso);
