import {
  BROADCAST_BODY_MAX,
  BROADCAST_MSG,
  BROADCAST_SUBJECT_MAX,
  type Broadcast,
  type BroadcastAudience,
  type BroadcastFormat,
  type BroadcastPreview,
  type BroadcastState,
  PAGE_SIZE_MAX,
  PAGE_SIZES,
} from '@skillwise/contracts';
import { useState } from 'react';
import '@/components/ui/lesson-prose.css';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { ChoiceField } from '@/components/ui/choice-field';
import { DataList } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, TextAreaField, TextField } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { TitledCard } from '@/components/ui/titled-card';
import { useOrganisationCourses } from '@/features/courses/api/courses';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { useClampedPage, useListState } from '@/lib/paging';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { type FormErrors, useForm } from '@/lib/use-form';
import {
  previewBroadcast,
  sendTestBroadcast,
  useBroadcastAllowance,
  useBroadcasts,
  useCancelBroadcast,
  useSaveBroadcast,
  useSendBroadcast,
} from '../api/broadcasts';

const PAGE_SIZE = PAGE_SIZES.broadcasts;

const AUDIENCES: ReadonlyArray<{ value: BroadcastAudience; label: string }> = [
  { value: 'all', label: 'All students' },
  { value: 'course', label: 'A course’s students' },
  { value: 'not_enrolled', label: 'Added, not enrolled' },
];

const FORMATS: ReadonlyArray<{ value: BroadcastFormat; label: string }> = [
  { value: 'text', label: 'Plain text' },
  { value: 'html', label: 'Simple formatting' },
];

const STATES: Record<BroadcastState, { label: string; tone: ChipTone }> = {
  draft: { label: 'Draft', tone: 'muted' },
  scheduled: { label: 'Scheduled', tone: 'amber' },
  sending: { label: 'Sending', tone: 'brand' },
  sent: { label: 'Sent', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

type Draft = {
  audience: BroadcastAudience;
  courseId: string;
  subject: string;
  format: BroadcastFormat;
  body: string;
  sendAt: string;
};

const EMPTY: Draft = { audience: 'all', courseId: '', subject: '', format: 'text', body: '', sendAt: '' };

const draftOf = (message: Broadcast): Draft => ({
  audience: message.audience,
  courseId: message.course_Id === null ? '' : String(message.course_Id),
  subject: message.subject,
  format: message.format,
  body: message.body,
  sendAt: '',
});

const validate = (draft: Draft): FormErrors<Draft> => ({
  fields: {
    subject: draft.subject.trim() === '' ? 'Enter a subject.' : undefined,
    body: draft.body.trim() === '' ? 'Write the message.' : undefined,
    courseId: draft.audience === 'course' && draft.courseId === '' ? 'Choose a course.' : undefined,
  },
});

const SERVER_FIELDS = {
  subject: 'subject',
  body: 'body',
  courseId: 'course_Id',
  sendAt: 'send_at',
} as const;

const audienceText = (message: Broadcast): string =>
  message.audience === 'course'
    ? `Students of ${message.course_title ?? 'a course'}`
    : message.audience === 'all'
      ? 'All students'
      : 'Added, not enrolled';

const whenText = (message: Broadcast): string =>
  message.sent_at
    ? `Sent ${formatDateTime(message.sent_at)}`
    : message.scheduled_at && message.state === 'scheduled'
      ? `Scheduled for ${formatDateTime(message.scheduled_at)}`
      : `Written ${formatDateTime(message.created_at)}`;

/** A preview, with the formatted body as the server sanitized it. */
type Shown = BroadcastPreview & { bodyHtml: string | null };

/**
 * The message as its students read it: the sanitized body (the app's CSP keeps the mail's own inline
 * styles out of the page, so its frame is not drawn here; Send test to me shows it whole), then the
 * footer with the unsubscribe link.
 */
const PreviewPanel = ({ preview }: { preview: Shown }) => {
  const [, footer = ''] = preview.text.split(/\n-- \n/);
  return (
    <section aria-label="Preview" className="mt-6 flex flex-col gap-2 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">
        Preview · to {formatCount(preview.recipients)} {preview.recipients === 1 ? 'student' : 'students'}
      </h3>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-sm break-words">
          <span className="text-slate-500">Subject: </span>
          <span className="font-semibold text-slate-900">{preview.subject}</span>
        </p>
        {preview.bodyHtml === null ? (
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
            {preview.text.split(/\n-- \n/)[0]}
          </p>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allow-list on every save (MESSAGE_HTML_RULES, apps/api/src/lib/lesson-html.ts)
          <div className="lesson-prose break-words" dangerouslySetInnerHTML={{ __html: preview.bodyHtml }} />
        )}
        <p className="border-t border-slate-100 pt-3 text-xs wrap-anywhere whitespace-pre-wrap text-slate-500">
          {footer}
        </p>
      </div>
    </section>
  );
};

const MessageItem = ({
  message,
  onOpen,
  onCancel,
}: {
  message: Broadcast;
  onOpen: () => void;
  onCancel: () => void;
}) => {
  const state = STATES[message.state];
  const { counts } = message;
  const figures: Array<[string, number]> = [
    ['Recipients', counts.recipients],
    ['Delivered', counts.delivered],
    ['Failed', counts.failed],
    ['Unsubscribed', counts.unsubscribed],
  ];
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-slate-900">{message.subject}</p>
          <Chip tone={state.tone}>{state.label}</Chip>
        </div>
        <p className="mt-1 text-sm break-words text-slate-600">
          {audienceText(message)} · {whenText(message)}
        </p>
        {message.last_error ? <p className="mt-1 text-sm text-rose-700">{message.last_error}</p> : null}
        {message.state === 'draft' || message.state === 'cancelled' ? null : (
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {figures.map(([label, value]) => (
              <div key={label} className="flex gap-1">
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium text-slate-800 tabular-nums">{formatCount(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {message.state === 'draft' || message.state === 'scheduled' ? (
          <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Edit ${message.subject}`}>
            Edit
          </Button>
        ) : null}
        {message.state === 'scheduled' ? (
          <Button size="sm" variant="outline" onClick={onCancel} aria-label={`Cancel ${message.subject}`}>
            Cancel sending
          </Button>
        ) : null}
      </div>
    </div>
  );
};

/**
 * My Students' Email Students (docs/decisions/036): a message to all the school's students, a course's,
 * or those added but not enrolled, in plain text or simple formatting; Preview, Send test to me, Send now
 * or Schedule; and the school's messages with their counts. A screen of its own, so a draft is never
 * lost to a click beside it; it is saved before each of those actions.
 */
export const EmailStudents = () => {
  const save = useSaveBroadcast();
  const send = useSendBroadcast();
  const cancel = useCancelBroadcast();
  const allowance = useBroadcastAllowance();
  const courses = useOrganisationCourses(storage.get('orgId') ?? '', { page: 1, pageSize: PAGE_SIZE_MAX });
  const list = useListState();
  const messages = useBroadcasts({ page: list.page, pageSize: PAGE_SIZE, search: list.search });
  useClampedPage(list.page, PAGE_SIZE, messages, list.setPage);
  const [draftId, setDraftId] = useState<number | null>(null);
  const [preview, setPreview] = useState<Shown | null>(null);
  const form = useForm<Draft>({ initial: EMPTY, validate, serverFields: SERVER_FIELDS });
  const { values } = form;

  /** Saves the draft (new or the one open) and answers it as the server keeps it (sanitized). */
  const savedMessage = async (draft: Draft): Promise<Broadcast> => {
    const message = await save.mutateAsync({
      ...(draftId === null ? {} : { broadcast_Id: draftId }),
      subject: draft.subject,
      body: draft.body,
      format: draft.format,
      audience: draft.audience,
      course_Id: draft.audience === 'course' ? Number(draft.courseId) : null,
    });
    setDraftId(message.broadcast_Id);
    return message;
  };
  const saved = async (draft: Draft): Promise<number> => (await savedMessage(draft)).broadcast_Id;

  const startNew = () => {
    setDraftId(null);
    setPreview(null);
    form.reset(EMPTY);
  };

  const onSave = form.handleSubmit(async (draft) => {
    await saved(draft);
    notify.success(BROADCAST_MSG.saved);
  });
  const onPreview = form.handleSubmit(async (draft) => {
    const message = await savedMessage(draft);
    const shown = await previewBroadcast(message.broadcast_Id);
    setPreview({ ...shown, bodyHtml: message.format === 'html' ? message.body : null });
  });
  const onTest = form.handleSubmit(async (draft) => {
    const answer = await sendTestBroadcast(await saved(draft));
    notify.success(answer.message);
  });
  const onSendNow = form.handleSubmit(async (draft) => {
    const id = await saved(draft);
    await send.mutateAsync({ broadcast_Id: id, send_at: null });
    notify.success(BROADCAST_MSG.sent);
    startNew();
  });
  const onSchedule = form.handleSubmit(async (draft) => {
    if (draft.sendAt === '') {
      form.setProblem('Choose when to send it.');
      return;
    }
    const id = await saved(draft);
    await send.mutateAsync({ broadcast_Id: id, send_at: new Date(draft.sendAt).toISOString() });
    notify.success(BROADCAST_MSG.scheduled);
    startNew();
  });

  const failure = form.failureMessage('The message could not be saved or sent. Please try again.');
  const usage = allowance.data;
  const courseRows = courses.data?.rows ?? [];

  return (
    <div className="flex flex-col gap-6">
      <TitledCard
        title={draftId === null ? 'New message' : 'Edit message'}
        description={
          usage
            ? usage.limit === null
              ? `Your ${usage.plan ?? ''} plan: unlimited marketing e-mails. ${formatCount(usage.used)} sent this month.`
              : `Your ${usage.plan ?? ''} plan: ${formatCount(usage.used)} of ${formatCount(usage.limit)} marketing e-mails used this month; ${formatCount(usage.remaining ?? 0)} remain.`
            : 'Students who turned e-mails off are left out.'
        }
        actions={
          draftId === null ? null : (
            <Button variant="outline" onClick={startNew}>
              New message
            </Button>
          )
        }
      >
        <form noValidate onSubmit={onSave} className="flex flex-col gap-5">
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
                  {courseRows.map((course) => (
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
            <Button type="button" variant="outline" onClick={onPreview} disabled={form.isSubmitting}>
              Preview
            </Button>
            <Button type="button" variant="outline" onClick={onTest} disabled={form.isSubmitting}>
              Send test to me
            </Button>
            <Button type="button" onClick={onSendNow} disabled={form.isSubmitting}>
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
            <Button type="button" variant="outline" onClick={onSchedule} disabled={form.isSubmitting}>
              Schedule
            </Button>
          </div>
        </form>
        {preview ? <PreviewPanel preview={preview} /> : null}
      </TitledCard>
      <TitledCard title="Messages" description="Sent and scheduled messages, with how they went.">
        <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
          <DataList
            variant="inset"
            label="Messages"
            query={messages}
            rowKey={(message) => message.broadcast_Id}
            search={{ label: 'Search messages', value: list.searchText, onChange: list.setSearchText }}
            item={(message) => (
              <MessageItem
                message={message}
                onOpen={() => {
                  setDraftId(message.broadcast_Id);
                  setPreview(null);
                  form.reset(draftOf(message));
                  window.scrollTo({ top: 0 });
                }}
                onCancel={() =>
                  void cancel
                    .mutateAsync(message.broadcast_Id)
                    .then(() => notify.success(BROADCAST_MSG.cancelled))
                    .catch((error: unknown) =>
                      notify.error(errorMessage(error, 'The message could not be cancelled.')),
                    )
                }
              />
            )}
            itemProps={(message) => ({ 'data-message': message.subject })}
            loadingLabel="Loading messages..."
            errorText="Could not load your messages."
            empty={
              <div className="p-6">
                <EmptyState title="No messages yet" hint="Write to your students above." />
              </div>
            }
            pager={{
              label: 'Messages pages',
              page: list.page,
              pageSize: PAGE_SIZE,
              onPageChange: list.setPage,
              noun: ['message', 'messages'],
            }}
          />
        </div>
      </TitledCard>
    </div>
  );
};
