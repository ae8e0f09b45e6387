import { t } from '@/lib/i18n/i18n';

/**
 * User-facing texts of the authoring screens (SPEC §2.13, §5, §8), in the reader's language: each is
 * read from the catalogues when it is asked for (English keeps the spec's words). The shared texts (MSG)
 * are the `common.msg` messages.
 */
export const AUTHORING_MSG = {
  get sectionNameEmpty() {
    return t('common.msg.sectionNameEmpty');
  },
  get lessonFileTooLarge() {
    return t('common.msg.fileTooLarge100');
  },
  /** DESIGN decision 2: the edit-lesson alert names the 2 GiB limit it checks. */
  get editLessonFileTooLarge() {
    return t('common.msg.fileTooLarge2GB');
  },
  get lessonSaveFailed() {
    return t('common.msg.errorSavingLesson');
  },
  get lessonUploaded() {
    return t('admin.curriculum.msg.lessonUploaded');
  },
  get lessonUpdated() {
    return t('admin.curriculum.msg.lessonUpdated');
  },
  get savedSuccessfully() {
    return t('admin.curriculum.msg.savedSuccessfully');
  },
  get chooseTypeForNewFile() {
    return t('admin.curriculum.msg.chooseTypeForNewFile');
  },
  get deleted() {
    return t('admin.curriculum.msg.deleted');
  },
  get bulkUploaded() {
    return t('admin.curriculum.msg.bulkUploaded');
  },
  get deleteLessonTitle() {
    return t('admin.curriculum.msg.deleteLessonTitle');
  },
  get deleteLessonMessage() {
    return t('admin.curriculum.msg.deleteLessonMessage');
  },
  get noFileAvailable() {
    return t('admin.curriculum.msg.noFileAvailable');
  },
  get categoryUpdated() {
    return t('admin.categories.msg.updated');
  },
  categoryUpdateFailed: (reason: string) => t('admin.categories.msg.updateFailed', { reason }),
  get categoryDeleted() {
    return t('admin.categories.msg.deleted');
  },
  categoryDeleteFailed: (reason: string) => t('admin.categories.msg.deleteFailed', { reason }),
  get deleteCategoryConfirm() {
    return t('admin.categories.msg.deleteConfirm');
  },
};

/** What a lesson file's upload says about its connection while it runs. */
export const UPLOAD_MSG = {
  get connectionLost() {
    return t('admin.curriculum.upload.connectionLost');
  },
  get connectionInterrupted() {
    return t('admin.curriculum.upload.connectionInterrupted');
  },
  get backOnline() {
    return t('admin.curriculum.upload.backOnline');
  },
  resumedAt: (percent: number) => t('admin.curriculum.upload.resumedAt', { percent }),
};
