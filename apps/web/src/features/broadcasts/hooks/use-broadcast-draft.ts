import { BROADCAST_MSG, type Broadcast } from '@skillwise/contracts';
import { useState } from 'react';
import { t } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { previewBroadcast, sendTestBroadcast, useSaveBroadcast, useSendBroadcast } from '../api/broadcasts';
import type { ShownPreview } from '../components/preview-panel';
import { DRAFT_SERVER_FIELDS, type Draft, draftOf, EMPTY_DRAFT, validateDraft } from '../lib/draft';

/**
 * The message being written and what can be done with it: Save draft, Preview, Send test to me, Send
 * now and Schedule each save the draft first (new, or the one open), so it is never lost.
 */
export const useBroadcastDraft = () => {
  const save = useSaveBroadcast();
  const send = useSendBroadcast();
  const [draftId, setDraftId] = useState<number | null>(null);
  const [preview, setPreview] = useState<ShownPreview | null>(null);
  const form = useForm<Draft>({
    initial: EMPTY_DRAFT,
    validate: validateDraft,
    serverFields: DRAFT_SERVER_FIELDS,
  });

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
    form.reset(EMPTY_DRAFT);
  };

  /** A saved draft or scheduled message, opened to edit. */
  const edit = (message: Broadcast) => {
    setDraftId(message.broadcast_Id);
    setPreview(null);
    form.reset(draftOf(message));
  };

  const onSave = form.handleSubmit(async (draft) => {
    await saved(draft);
    notify.success(t('admin.broadcasts.saved'));
  });
  const onPreview = form.handleSubmit(async (draft) => {
    const message = await savedMessage(draft);
    const shown = await previewBroadcast(message.broadcast_Id);
    setPreview({ ...shown, bodyHtml: message.format === 'html' ? message.body : null });
  });
  const onTest = form.handleSubmit(async (draft) => {
    const answer = await sendTestBroadcast(await saved(draft));
    notify.success(
      answer.message === BROADCAST_MSG.testSent ? t('admin.broadcasts.testSent') : answer.message,
    );
  });
  const onSendNow = form.handleSubmit(async (draft) => {
    const id = await saved(draft);
    await send.mutateAsync({ broadcast_Id: id, send_at: null });
    notify.success(t('admin.broadcasts.sent'));
    startNew();
  });
  const onSchedule = form.handleSubmit(async (draft) => {
    if (draft.sendAt === '') {
      form.setProblem(t('admin.broadcasts.chooseWhen'));
      return;
    }
    const id = await saved(draft);
    await send.mutateAsync({ broadcast_Id: id, send_at: new Date(draft.sendAt).toISOString() });
    notify.success(t('admin.broadcasts.scheduled'));
    startNew();
  });

  return { form, draftId, preview, startNew, edit, onSave, onPreview, onTest, onSendNow, onSchedule };
};

export type BroadcastDraft = ReturnType<typeof useBroadcastDraft>;
