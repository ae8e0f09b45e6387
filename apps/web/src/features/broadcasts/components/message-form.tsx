import {
  BROADCAST_BODY_MAX,
  BROADCAST_SUBJECT_MAX,
  type BroadcastAudience,
  type BroadcastFormat,
  type CourseListItem,
} from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field, TextAreaField, TextField } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import type { BroadcastDraft } from '../hooks/use-broadcast-draft';

const AUDIENCES: ReadonlyArray<{ value: BroadcastAudience; label: string }> = [
  { value: 'all', label: 'All students' },
  { value: 'course', label: 'A course’s students' },
  { value: 'not_enrolled', label: 'Added, not enrolled' },
];

const FORMATS: ReadonlyArray<{ value: BroadcastFormat; label: string }> = [
  { value: 'text', label: 'Plain text' },
  { value: 'html', label: 'Simple formatting' },
];

type MessageFormProps = {
  draft: BroadcastDraft;
  /** The school's courses, for a message to one course's students. */
  courses: readonly CourseListItem[];
};

/** The message's audience, subject, format and body, and what to do with it: save, preview, test, send or schedule. */
export const MessageForm = ({ draft, courses }: MessageFormProps) => {
  const { form } = draft;
  const { values } = form;
  const failure = form.failureMessage('The message could not be saved or sent. Please try again.');
  return (
    <form noValidate onSubmit={draft.onSave} className="flex flex-col gap-5">
      <ChoiceField
        legend="To"
        name="audience"
        value={values.audience}
        options={AUDIENCES}
        onChange={(audience) => form.setValue('audience', audience)}
      />
      {values.audience === 'course' ? (
        <Field label="Course" error={form.error('courseId')}>
          {(control) => (
            <Select
              {...control}
              name="course"
              value={values.courseId}
              onChange={(event) => form.setValue('courseId', event.target.value)}
            >
              <option value="">Choose a course</option>
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
        label="Subject"
        name="subject"
        maxLength={BROADCAST_SUBJECT_MAX}
        counterMax={BROADCAST_SUBJECT_MAX}
        {...form.field('subject')}
      />
      <ChoiceField
        legend="Format"
        name="format"
        value={values.format}
        options={FORMATS}
        onChange={(format) => form.setValue('format', format)}
      />
      <TextAreaField
        label="Message"
        name="body"
        rows={10}
        maxLength={BROADCAST_BODY_MAX}
        hint={
          values.format === 'html'
            ? 'Simple formatting: <p>, <b>, <i>, <ul>/<ol> with <li>, and links <a href="https://...">. Anything else is removed.'
            : 'Plain text: blank lines make paragraphs; addresses become links.'
        }
        value={values.body}
        onChange={(body) => form.setValue('body', body)}
        error={form.error('body')}
      />
      {form.problem ? <Alert>{form.problem}</Alert> : null}
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" isLoading={form.isSubmitting} loadingText="Working...">
          Save draft
        </Button>
        <Button type="button" variant="outline" onClick={draft.onPreview} disabled={form.isSubmitting}>
          Preview
        </Button>
        <Button type="button" variant="outline" onClick={draft.onTest} disabled={form.isSubmitting}>
          Send test to me
        </Button>
        <Button type="button" onClick={draft.onSendNow} disabled={form.isSubmitting}>
          Send now
        </Button>
      </div>
      <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-end">
        <Field label="Send at (your time)" error={form.error('sendAt')} className="sm:w-64">
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
          Schedule
        </Button>
      </div>
    </form>
  );
};
