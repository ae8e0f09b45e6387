import { BULK_UPLOAD_MAX_FILES, EDIT_LESSON_MAX_BYTES } from '@skillwise/contracts';
import { formatCount } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';

/**
 * SPEC §5: at most 10 files, any image, any video or a PDF; each file up to the lesson file limit the
 * server keeps by default (2 GB, DESIGN decision 2), so a larger one is refused before it is sent.
 */
export const BULK_RESTRICTIONS = {
  maxNumberOfFiles: BULK_UPLOAD_MAX_FILES,
  allowedFileTypes: ['image/*', 'video/*', 'application/pdf'],
  maxFileSize: EDIT_LESSON_MAX_BYTES,
};

/** The panel's limits, stated before anything is dropped. */
export const bulkLimitsNote = (): string =>
  t('admin.curriculum.bulk.limits', { files: formatCount(BULK_UPLOAD_MAX_FILES) });

/** SPEC §7 upload behaviour: 5 uploads at once. */
export const BULK_LIMIT = 5;

/** SPEC §7: 3 retries, waiting 0.3 s before the first and doubling. */
export const RETRY_DELAYS_MS = [300, 600, 1200] as const;
