import { PAGE_SIZES, REFUND_TEXT_MAX, type RefundRequest } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { DataList, useListPager } from '@/components/ui/data-list';
import { TextAreaField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { TitledCard } from '@/components/ui/titled-card';
import { formatDate, formatPrice } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useAnswerRefundRequest, useRefundRequests } from '../api/payments';

const PAGE_SIZE = PAGE_SIZES.refundRequests;

const STATUS: Record<RefundRequest['status'], { label: string; tone: ChipTone }> = {
  pending: { label: 'Waiting for you', tone: 'amber' },
  approved: { label: 'Refunded', tone: 'green' },
  declined: { label: 'Declined', tone: 'muted' },
};

type Answering = { request: RefundRequest; approve: boolean };

/** Approve (the rest of the sale refunded, the course taken away) or decline, with a message for the buyer. */
const AnswerDialog = ({ answering, onClose }: { answering: Answering; onClose: () => void }) => {
  const answer = useAnswerRefundRequest();
  const { request, approve } = answering;
  const form = useForm({ initial: { message: '' }, serverFields: { message: 'message' } });
  const onSubmit = form.handleSubmit(async ({ message }) => {
    await answer.mutateAsync({
      request_Id: request.request_Id,
      approve,
      ...(message.trim() ? { message: message.trim() } : {}),
    });
    notify.success(
      approve
        ? `Refunded ${formatPrice(request.amount)} to ${request.buyer_email}.`
        : `The request of ${request.buyer_email} is declined.`,
    );
    onClose();
  });
  const failure = form.failureMessage('Your answer could not be saved. Please try again.');
  return (
    <Modal
      open
      onClose={() => !form.isSubmitting && onClose()}
      title={approve ? 'Approve the refund?' : 'Decline the request?'}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {approve
            ? `${formatPrice(request.amount)} goes back to ${request.buyer_email}, who loses “${request.product}”.`
            : `${request.buyer_email} keeps “${request.product}” and reads your message.`}
        </p>
        <TextAreaField
          label="Message to the buyer"
          labelNote="(optional)"
          name="message"
          rows={3}
          maxLength={REFUND_TEXT_MAX}
          counterMax={REFUND_TEXT_MAX}
          {...form.field('message')}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="outline" onClick={onClose} disabled={form.isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={approve ? 'danger' : 'primary'}
            isLoading={form.isSubmitting}
            loadingText="Saving..."
          >
            {approve ? 'Refund' : 'Decline'}
          </Button>
        </div>
      </form>
    </Modal>
  );
};

const RequestItem = ({
  request,
  onAnswer,
}: {
  request: RefundRequest;
  onAnswer: (approve: boolean) => void;
}) => (
  <div className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold break-words text-slate-900">{request.product}</p>
        <Chip tone={STATUS[request.status].tone}>{STATUS[request.status].label}</Chip>
      </div>
      <p className="text-sm text-slate-600">
        <span className="break-all">{request.buyer_email}</span> · {formatPrice(request.amount)} · asked{' '}
        {formatDate(request.created_date)}
      </p>
      <p className="mt-1 text-sm break-words text-slate-800">“{request.reason}”</p>
      <p className="text-xs text-slate-500">{request.outside_because}</p>
      {request.answer ? <p className="mt-1 text-sm text-slate-600">Your answer: {request.answer}</p> : null}
    </div>
    {request.status === 'pending' ? (
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" onClick={() => onAnswer(true)}>
          Approve refund
        </Button>
        <Button size="sm" variant="outline" onClick={() => onAnswer(false)}>
          Decline
        </Button>
      </div>
    ) : null}
  </div>
);

/**
 * The Sales screen's refund requests (docs/decisions/029): what buyers asked outside the school's
 * money-back guarantee, those waiting first, each approved (refunded in full, the course taken away) or
 * declined with a message. Shown once there is one.
 */
export const RefundRequests = () => {
  const [page, setPage] = useState(1);
  const requests = useRefundRequests({ page, pageSize: PAGE_SIZE });
  const pager = useListPager({ page, setPage }, requests, {
    label: 'Refund requests pages',
    pageSize: PAGE_SIZE,
    noun: ['request', 'requests'],
  });
  const [answering, setAnswering] = useState<Answering | null>(null);
  if (!requests.data || requests.data.total === 0) return null;
  return (
    <TitledCard
      title="Refund requests"
      description="Buyers who asked for their money back outside your money-back guarantee: you decide."
    >
      <DataList
        variant="inset"
        label="Refund requests"
        query={requests}
        rowKey={(request) => request.request_Id}
        item={(request) => (
          <RequestItem request={request} onAnswer={(approve) => setAnswering({ request, approve })} />
        )}
        loadingLabel="Loading refund requests..."
        errorText="Could not load the refund requests."
        empty={null}
        pager={pager}
      />
      {answering ? (
        <AnswerDialog
          key={`${answering.request.request_Id}-${answering.approve}`}
          answering={answering}
          onClose={() => setAnswering(null)}
        />
      ) : null}
    </TitledCard>
  );
};
