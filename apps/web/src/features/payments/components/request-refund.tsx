import { type AssignedCourse, REFUND_TEXT_MAX, type RequestRefundResponse } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, SubmitButton } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useRequestRefund } from '../api/payments';

/** Ask for the money back, with why; what the school's guarantee made of it is said in the dialog. */
const RequestDialog = ({
  course,
  orderId,
  onClose,
  onAnswered,
}: {
  course: AssignedCourse;
  orderId: number;
  onClose: () => void;
  onAnswered: () => void;
}) => {
  const t = useT();
  const request = useRequestRefund();
  const [answer, setAnswer] = useState<RequestRefundResponse | null>(null);
  const form = useForm({
    initial: { reason: '' },
    validate: ({ reason }) => ({
      fields: { reason: reason.trim() ? undefined : t('learning.payments.refund.reasonMissing') },
    }),
    serverFields: { reason: 'reason' },
  });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    const answered = await request.mutateAsync({ order_Id: orderId, reason: reason.trim() });
    if (answered.outcome === 'refunded') {
      notify.success(answered.message);
      onAnswered();
      onClose();
      return;
    }
    // The list is read again once the buyer has read why (the card then says the request waits).
    setAnswer(answered);
  });
  const close = () => {
    if (form.isSubmitting) return;
    if (answer) onAnswered();
    onClose();
  };
  const failure = form.failureMessage(t('learning.payments.refund.failed'));
  return (
    <Modal open onClose={close} title={t('learning.payments.refund.title')}>
      {answer ? (
        <div className="flex flex-col gap-4">
          <Alert tone="info">{answer.message}</Alert>
          <div className="flex justify-end">
            <Button onClick={close}>{t('learning.payments.refund.done')}</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">
            {t('learning.payments.refund.explain', { title: course.course_title })}
          </p>
          <TextAreaField
            label={t('learning.payments.refund.reason')}
            name="reason"
            rows={3}
            maxLength={REFUND_TEXT_MAX}
            counterMax={REFUND_TEXT_MAX}
            required
            {...form.field('reason')}
          />
          {failure ? <Alert>{failure}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="outline" onClick={close} disabled={form.isSubmitting}>
              {t('learning.payments.refund.cancel')}
            </Button>
            <SubmitButton form={form} loadingText={t('learning.payments.refund.sending')}>
              {t('learning.payments.refund.submit')}
            </SubmitButton>
          </div>
        </form>
      )}
    </Modal>
  );
};

/**
 * My Courses: a bought course's refund (docs/decisions/029): "Request a refund", or where a request stands
 * (waiting for the school, or declined with the school's message, when the student may ask again).
 */
export const RequestRefund = ({ course, onAnswered }: { course: AssignedCourse; onAnswered: () => void }) => {
  const t = useT();
  const [open, setOpen] = useState(false);
  const orderId = course.order_Id;
  if (course.source !== 'purchased' || !orderId) return null;
  if (course.refund_request === 'pending') {
    return <p className="text-xs text-slate-500">{t('learning.payments.refund.pending')}</p>;
  }
  return (
    <div className="flex flex-col items-start gap-1">
      {course.refund_request === 'declined' ? (
        <p className="text-xs break-words text-slate-500">
          {course.refund_answer
            ? t('learning.payments.refund.declinedWith', { answer: course.refund_answer })
            : t('learning.payments.refund.declined')}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-xs font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900"
      >
        {course.refund_request === 'declined'
          ? t('learning.payments.refund.askAgain')
          : t('learning.payments.refund.title')}
      </button>
      {open ? (
        <RequestDialog
          course={course}
          orderId={orderId}
          onClose={() => setOpen(false)}
          onAnswered={onAnswered}
        />
      ) : null}
    </div>
  );
};
