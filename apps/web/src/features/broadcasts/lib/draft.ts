import type { Broadcast, BroadcastAudience, BroadcastFormat } from '@skillwise/contracts';
import { t } from '@/lib/i18n/i18n';
import type { FormErrors } from '@/lib/use-form';

/** The message being written, as the form holds it. */
export type Draft = {
  audience: BroadcastAudience;
  courseId: string;
  subject: string;
  format: BroadcastFormat;
  body: string;
  sendAt: string;
};

export const EMPTY_DRAFT: Draft = {
  audience: 'all',
  courseId: '',
  subject: '',
  format: 'text',
  body: '',
  sendAt: '',
};

/** A saved message opened again to edit it. */
export const draftOf = (message: Broadcast): Draft => ({
  audience: message.audience,
  courseId: message.course_Id === null ? '' : String(message.course_Id),
  subject: message.subject,
  format: message.format,
  body: message.body,
  sendAt: '',
});

export const validateDraft = (draft: Draft): FormErrors<Draft> => ({
  fields: {
    subject: draft.subject.trim() === '' ? t('admin.broadcasts.enterSubject') : undefined,
    body: draft.body.trim() === '' ? t('admin.broadcasts.writeMessage') : undefined,
    courseId:
      draft.audience === 'course' && draft.courseId === ''
        ? t('admin.broadcasts.chooseCourseDot')
        : undefined,
  },
});

/** The server's names of the fields its errors point at. */
export const DRAFT_SERVER_FIELDS = {
  subject: 'subject',
  body: 'body',
  courseId: 'course_Id',
  sendAt: 'send_at',
} as const;
