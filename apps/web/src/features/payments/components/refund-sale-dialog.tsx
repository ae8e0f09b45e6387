import { centsOf, REFUND_TEXT_MAX, type SaleRow } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, SubmitButton } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextAreaField, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { formatPrice } from '@/lib/format';
import { T, useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useRefundSale } from '../api/payments';
import { refundableCents } from '../lib/sales';

/** A key naming one refund request: sent again (a retry, a double click), the server answers the same refund. */
const newRequestId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `refund-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
};

type RefundDraft = { amount: string; reason: string; removeAccess: boolean; accessChosen: boolean };

/** Cents of an amount typed in dollars ("12", "12.5", "12.50"), or null when it is not one. */
const typedCents = (text: string): number | null => {
  const cents = centsOf(text);
  return Number.isSafeInteger(cents) ? cents : null;
};

const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

/**
 * A sale given back from the Sales screen (orders/RefundOrder, docs/decisions/029): any amount up to what
 * is left (all of it by default), the school's reason, and whether the buyer loses the course, on by
 * default when the refund gives back all that is left. One request key per dialog, so that a double
 * click or a retry refunds once. Mounted for one sale (keyed by it) and unmounted when closed.
 */
export const RefundSaleDialog = ({ sale, onClose }: { sale: SaleRow; onClose: () => void }) => {
  const t = useT();
  const refund = useRefundSale();
  const left = refundableCents(sale);
  // One key for this dialog: a retry after a failure is the same request.
  const [requestId] = useState(newRequestId);
  const form = useForm<RefundDraft>({
    initial: () => ({ amount: dollarsOf(left), reason: '', removeAccess: true, accessChosen: false }),
    validate: (draft) => {
      const cents = typedCents(draft.amount);
      return {
        fields: {
          amount:
            cents === null || cents <= 0
              ? t('admin.payments.refundSale.amountInvalid')
              : cents > left
                ? t('admin.payments.refundSale.amountTooHigh', { amount: formatPrice(left / 100) })
                : undefined,
          reason: draft.reason.trim() === '' ? t('admin.payments.refundSale.reasonMissing') : undefined,
        },
      };
    },
    serverFields: { amount: 'amount', reason: 'reason' },
  });

  const close = () => {
    if (!form.isSubmitting) onClose();
  };

  const setAmount = (text: string) => {
    form.setValue('amount', text);
    // Until the school chooses, the course is taken away with a refund of all that is left only.
    if (!form.values.accessChosen) form.setValue('removeAccess', typedCents(text) === left);
  };

  const onSubmit = form.handleSubmit(async (draft) => {
    const answer = await refund.mutateAsync({
      order_Id: sale.order_Id,
      amount: (typedCents(draft.amount) ?? 0) / 100,
      reason: draft.reason.trim(),
      remove_access: draft.removeAccess,
      request_id: requestId,
    });
    const amount = formatPrice(answer.amount);
    const said =
      answer.status === 'completed'
        ? t('admin.payments.requests.refundedToast', { amount, buyer: sale.buyer_email })
        : t('admin.payments.refundSale.waiting', { amount });
    const toast = answer.removed_access ? `${said} ${t('admin.payments.refundSale.accessRemoved')}` : said;
    if (answer.status === 'completed') notify.success(toast);
    else notify.info(toast);
    onClose();
  });

  const failure = form.failureMessage(t('admin.payments.refundSale.failed'));

  return (
    <Modal open onClose={close} title={t('admin.payments.refundSale.title')} className="max-w-lg">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          <T
            id="admin.payments.refundSale.text"
            values={{ product: sale.product, buyer: sale.buyer_email, amount: formatPrice(left / 100) }}
            components={{
              0: <span className="font-medium text-slate-900" />,
              1: <span className="break-all" />,
            }}
          />
        </p>
        <TextField
          label={t('admin.payments.refundSale.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.field('amount')}
          onChange={(input: string | { target: { value: string } }) =>
            setAmount(typeof input === 'string' ? input : input.target.value)
          }
        />
        <TextAreaField
          label={t('admin.payments.refundSale.reason')}
          name="reason"
          rows={3}
          maxLength={REFUND_TEXT_MAX}
          counterMax={REFUND_TEXT_MAX}
          hint={t('admin.payments.refundSale.reasonHint')}
          required
          {...form.field('reason')}
        />
        <CheckboxField
          label={t('admin.payments.refundSale.removeAccess')}
          hint={t('admin.payments.refundSale.removeAccessHint')}
          checked={form.values.removeAccess}
          onChange={(checked) => {
            form.setValue('removeAccess', checked);
            form.setValue('accessChosen', true);
          }}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="outline" onClick={close} disabled={form.isSubmitting}>
            {t('admin.payments.cancel')}
          </Button>
          <SubmitButton form={form} variant="danger" loadingText={t('admin.payments.refundSale.refunding')}>
            {t('admin.payments.sales.refund')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
};
