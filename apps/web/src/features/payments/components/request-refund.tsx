import { type AssignedCourse, REFUND_TEXT_MAX, type RequestRefundResponse } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
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
  const request = useRequestRefund();
  const [answer, setAnswer] = useState<RequestRefundResponse | null>(null);
  const form = useForm({
    initial: { reason: '' },
    validate: ({ reason }) => ({
      fields: { reason: reason.trim() ? undefined : 'Say why you want your money back' },
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
  const failure = form.failureMessage('Your request could not be sent. Please try again.');
  return (
    <Modal open onClose={close} title="Request a refund">
      {answer ? (
        <div className="flex flex-col gap-4">
          <Alert tone="info">{answer.message}</Alert>
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">
            “{course.course_title}”: within the school’s money-back guarantee you are refunded at once and the
            course leaves your courses; otherwise the school decides.
          </p>
          <TextAreaField
            label="Why do you want a refund?"
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
              Cancel
            </Button>
            <Button type="submit" isLoading={form.isSubmitting} loadingText="Sending...">
              Request refund
            </Button>
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
  const [open, setOpen] = useState(false);
  const orderId = course.order_Id;
  if (course.source !== 'purchased' || !orderId) return null;
  if (course.refund_request === 'pending') {
    return <p className="text-xs text-slate-500">Refund requested: the school decides.</p>;
  }
  return (
    <div className="flex flex-col items-start gap-1">
      {course.refund_request === 'declined' ? (
        <p className="text-xs break-words text-slate-500">
          Refund declined{course.refund_answer ? `: ${course.refund_answer}` : '.'}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-xs font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900"
      >
        {course.refund_request === 'declined' ? 'Ask again' : 'Request a refund'}
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
