import { PAGE_SIZES, REFUND_TEXT_MAX, type RefundRequest } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, SubmitButton } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { DataList, useListPager } from '@/components/ui/data-list';
import { TextAreaField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { TitledCard } from '@/components/ui/titled-card';
import { formatDate, formatPrice } from '@/lib/format';
import type { MessageId } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useAnswerRefundRequest, useRefundRequests } from '../api/payments';

const PAGE_SIZE = PAGE_SIZES.refundRequests;

const STATUS: Record<RefundRequest['status'], { label: MessageId; tone: ChipTone }> = {
  pending: { label: 'admin.payments.requests.waiting', tone: 'amber' },
  approved: { label: 'admin.payments.requests.refunded', tone: 'green' },
  declined: { label: 'admin.payments.requests.declined', tone: 'muted' },
};

type Answering = { request: RefundRequest; approve: boolean };

/** Approve (the rest of the sale refunded, the course taken away) or decline, with a message for the buyer. */
const AnswerDialog = ({ answering, onClose }: { answering: Answering; onClose: () => void }) => {
  const t = useT();
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
        ? t('admin.payments.requests.refundedToast', {
            amount: formatPrice(request.amount),
            buyer: request.buyer_email,
          })
        : t('admin.payments.requests.declinedToast', { buyer: request.buyer_email }),
    );
    onClose();
  });
  const failure = form.failureMessage(t('admin.payments.requests.saveFailed'));
  return (
    <Modal
      open
      onClose={() => !form.isSubmitting && onClose()}
      title={approve ? t('admin.payments.requests.approveTitle') : t('admin.payments.requests.declineTitle')}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {approve
            ? t('admin.payments.requests.approveText', {
                amount: formatPrice(request.amount),
                buyer: request.buyer_email,
                product: request.product,
              })
            : t('admin.payments.requests.declineText', {
                buyer: request.buyer_email,
                product: request.product,
              })}
        </p>
        <TextAreaField
          label={t('admin.payments.requests.message')}
          labelNote={t('admin.payments.optional')}
          name="message"
          rows={3}
          maxLength={REFUND_TEXT_MAX}
          counterMax={REFUND_TEXT_MAX}
          {...form.field('message')}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="outline" onClick={onClose} disabled={form.isSubmitting}>
            {t('admin.payments.cancel')}
          </Button>
          <SubmitButton
            form={form}
            variant={approve ? 'danger' : 'primary'}
            loadingText={t('admin.payments.saving')}
          >
            {approve ? t('admin.payments.sales.refund') : t('admin.payments.requests.decline')}
          </SubmitButton>
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
}) => {
  const t = useT();
  return (
    <div className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-slate-900">{request.product}</p>
          <Chip tone={STATUS[request.status].tone}>{t(STATUS[request.status].label)}</Chip>
        </div>
        <p className="text-sm text-slate-600">
          <T
            id="admin.payments.requests.line"
            values={{
              buyer: request.buyer_email,
              amount: formatPrice(request.amount),
              date: formatDate(request.created_date),
            }}
            components={{ 0: <span className="break-all" /> }}
          />
        </p>
        <p className="mt-1 text-sm break-words text-slate-800">
          {t('admin.payments.requests.reason', { reason: request.reason })}
        </p>
        <p className="text-xs text-slate-500">{request.outside_because}</p>
        {request.answer ? (
          <p className="mt-1 text-sm text-slate-600">
            {t('admin.payments.requests.yourAnswer', { answer: request.answer })}
          </p>
        ) : null}
      </div>
      {request.status === 'pending' ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" onClick={() => onAnswer(true)}>
            {t('admin.payments.requests.approve')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAnswer(false)}>
            {t('admin.payments.requests.decline')}
          </Button>
        </div>
      ) : null}
    </div>
  );
};

/**
 * The Sales screen's refund requests (docs/decisions/029): what buyers asked outside the school's
 * money-back guarantee, those waiting first, each approved (refunded in full, the course taken away) or
 * declined with a message. Shown once there is one.
 */
export const RefundRequests = () => {
  const t = useT();
  const [page, setPage] = useState(1);
  const requests = useRefundRequests({ page, pageSize: PAGE_SIZE });
  const pager = useListPager({ page, setPage }, requests, {
    label: t('admin.payments.requests.pages'),
    pageSize: PAGE_SIZE,
    noun: 'admin.payments.requests.rowCount',
  });
  const [answering, setAnswering] = useState<Answering | null>(null);
  if (!requests.data || requests.data.total === 0) return null;
  return (
    <TitledCard
      title={t('admin.payments.requests.title')}
      description={t('admin.payments.requests.description')}
    >
      <DataList
        variant="inset"
        label={t('admin.payments.requests.title')}
        query={requests}
        rowKey={(request) => request.request_Id}
        item={(request) => (
          <RequestItem request={request} onAnswer={(approve) => setAnswering({ request, approve })} />
        )}
        loadingLabel={t('admin.payments.requests.loading')}
        errorText={t('admin.payments.requests.loadFailed')}
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
