import { MSG } from '@skillwise/contracts';

/**
 * User-facing texts of the authoring screens (SPEC §2.13, §5, §8), exactly as written there. They are
 * shown only by the web app; the shared texts (MSG) live in @skillwise/contracts.
 */
export const AUTHORING_MSG = {
  sectionNameEmpty: MSG.sectionNameEmpty,
  lessonFileTooLarge: MSG.fileTooLarge100,
  /** DESIGN decision 2: the edit-lesson alert names the 2 GiB limit it checks. */
  editLessonFileTooLarge: MSG.fileTooLarge2GB,
  lessonSaveFailed: MSG.errorSavingLesson,
  lessonUploaded: 'Lesson uploaded successfully',
  lessonUpdated: 'Lesson Updated Successfully!',
  savedSuccessfully: 'Saved successfully!',
  chooseTypeForNewFile: 'Choose the content type of the new file.',
  deleted: 'Deleted successfully!',
  bulkUploaded: 'Bulk Uploaded Successfully!',
  deleteLessonTitle: 'Delete Lesson',
  deleteLessonMessage: 'Are you sure you want to delete this lesson?',
  noFileAvailable: 'No file available',
  categoryUpdated: 'Category updated successfully',
  categoryUpdateFailed: (reason: string) => `Failed to update category: ${reason}`,
  categoryDeleted: 'Category deleted successfully',
  categoryDeleteFailed: (reason: string) => `Error deleting category: ${reason}`,
  deleteCategoryConfirm: 'Are you sure you want to delete this category?',
} as const;

/** What a lesson file's upload says about its connection while it runs. */
export const UPLOAD_MSG = {
  connectionLost: 'Connection lost — the upload will resume when you are back online.',
  connectionInterrupted: 'Connection interrupted — trying again…',
  backOnline: 'Back online — resuming the upload…',
  resumedAt: (percent: number) => `Resumed at ${percent}%.`,
} as const;
