import {
  BROADCAST_BODY_MAX,
  BROADCAST_MSG,
  BROADCAST_SUBJECT_MAX,
  type BroadcastAudience,
  type BroadcastFormat,
  type CourseListItem,
} from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { Button, SubmitButton } from '@/components/ui/button';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field, TextAreaField, TextField } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import type { BroadcastDraft } from '../hooks/use-broadcast-draft';

const AUDIENCES: ReadonlyArray<{ value: BroadcastAudience; label: MessageId }> = [
  { value: 'all', label: 'admin.broadcasts.audience.all' },
  { value: 'course', label: 'admin.broadcasts.audience.course' },
  { value: 'not_enrolled', label: 'admin.broadcasts.audience.notEnrolled' },
];

const FORMATS: ReadonlyArray<{ value: BroadcastFormat; label: MessageId }> = [
  { value: 'text', label: 'admin.broadcasts.format.text' },
  { value: 'html', label: 'admin.broadcasts.format.html' },
];

type MessageFormProps = {
  draft: BroadcastDraft;
  /** The school's courses, for a message to one course's students. */
  courses: readonly CourseListItem[];
};

/** The message's audience, subject, format and body, and what to do with it: save, preview, test, send or schedule. */
export const MessageForm = ({ draft, courses }: MessageFormProps) => {
  const t = useT();
  const { form } = draft;
  const { values } = form;
  const said = form.failureMessage(t('admin.broadcasts.failed'));
  // The server's refusal for an audience nobody in it gets e-mails from, in the reader's language.
  const failure = said === BROADCAST_MSG.noRecipients ? t('admin.broadcasts.noRecipients') : said;
  return (
    <form noValidate onSubmit={draft.onSave} className="flex flex-col gap-5">
      <ChoiceField
        legend={t('admin.broadcasts.to')}
        name="audience"
        value={values.audience}
        options={AUDIENCES.map(({ value, label }) => ({ value, label: t(label) }))}
        onChange={(audience) => form.setValue('audience', audience)}
      />
      {values.audience === 'course' ? (
        <Field label={t('admin.broadcasts.course')} error={form.error('courseId')}>
          {(control) => (
            <Select
              {...control}
              name="course"
              value={values.courseId}
              onChange={(event) => form.setValue('courseId', event.target.value)}
            >
              <option value="">{t('admin.broadcasts.chooseCourse')}</option>
              {courses.map((course) => (
                <option key={course.course_Id} value={course.course_Id}>
                  {course.course_title}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <TextField
        label={t('admin.broadcasts.subject')}
        name="subject"
        maxLength={BROADCAST_SUBJECT_MAX}
        counterMax={BROADCAST_SUBJECT_MAX}
        {...form.field('subject')}
      />
      <ChoiceField
        legend={t('admin.broadcasts.format')}
        name="format"
        value={values.format}
        options={FORMATS.map(({ value, label }) => ({ value, label: t(label) }))}
        onChange={(format) => form.setValue('format', format)}
      />
      <TextAreaField
        label={t('admin.broadcasts.message')}
        name="body"
        rows={10}
        maxLength={BROADCAST_BODY_MAX}
        hint={values.format === 'html' ? t('admin.broadcasts.htmlHint') : t('admin.broadcasts.textHint')}
        value={values.body}
        onChange={(body) => form.setValue('body', body)}
        error={form.error('body')}
      />
      {form.problem ? <Alert>{form.problem}</Alert> : null}
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton form={form} variant="outline" loadingText={t('admin.broadcasts.working')}>
          {t('admin.broadcasts.saveDraft')}
        </SubmitButton>
        <Button type="button" variant="outline" onClick={draft.onPreview} disabled={form.isSubmitting}>
          {t('admin.broadcasts.preview')}
        </Button>
        <Button type="button" variant="outline" onClick={draft.onTest} disabled={form.isSubmitting}>
          {t('admin.broadcasts.sendTest')}
        </Button>
        <Button type="button" onClick={draft.onSendNow} disabled={form.isSubmitting}>
          {t('admin.broadcasts.sendNow')}
        </Button>
      </div>
      <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-end">
        <Field label={t('admin.broadcasts.sendAt')} error={form.error('sendAt')} className="sm:w-64">
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              name="send_at"
              value={values.sendAt}
              onChange={(event) => form.setValue('sendAt', event.target.value)}
            />
          )}
        </Field>
        <Button type="button" variant="outline" onClick={draft.onSchedule} disabled={form.isSubmitting}>
          {t('admin.broadcasts.schedule')}
        </Button>
      </div>
    </form>
  );
};
