import { SANDBOX_CARDS } from '@skillwise/contracts';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName, RowButton, SubmitButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Chip } from '@/components/ui/chip';
import { LockIcon } from '@/components/ui/drawn-icons';
import { TextField } from '@/components/ui/field';
import { Eyebrow } from '@/components/ui/page-header';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { type MessageId, t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useForm } from '@/lib/use-form';
import { useApproveSandboxOrder } from '../api/payments';
import {
  type CardFormValues,
  cardDigits,
  EMPTY_CARD_FORM,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  validateCardForm,
} from '../lib/card-form';
import { toPaymentFailure } from '../lib/payment-errors';
import { checkoutReturnPath } from '../lib/sandbox-urls';

type SandboxApprovalProps = {
  orderId: string;
  /** The checkout to go back to (already checked to be a path of this app). */
  returnPath: string;
  /** What the checkout said the order is for; the server charges its own amount in any case. */
  amount: { amount: number; currency: string } | null;
  /** What is bought (a course's title, a plan), as the provider recorded it. */
  description?: string | undefined;
};

const TEST_CARDS = [
  { number: SANDBOX_CARDS.success, outcome: 'learning.payments.sandbox.succeeds', tone: 'green' },
  { number: SANDBOX_CARDS.declined, outcome: 'learning.payments.sandbox.declined', tone: 'red' },
  // Pays now; a plan's renewals charged to it later are declined (docs/decisions/025).
  {
    number: SANDBOX_CARDS.renewalDeclined,
    outcome: 'learning.payments.sandbox.renewalsDeclined',
    tone: 'amber',
  },
] as const;

const FIELD_LABELS: Record<keyof CardFormValues, MessageId> = {
  cardNumber: 'learning.payments.sandbox.field.cardNumber',
  expiry: 'learning.payments.sandbox.field.expiry',
  cvc: 'learning.payments.sandbox.field.cvc',
  name: 'learning.payments.sandbox.field.name',
};

/** The server's word on a field of a 400 answer, as a sentence: 'Card number is not a sandbox test card.' */
const serverFieldMessage = (field: keyof CardFormValues, message: string): string =>
  translate('learning.payments.sandbox.fieldMessage', { field: translate(FIELD_LABELS[field]), message });

/**
 * A 400 names its field at the start of the message (`cardNumber: use a sandbox test card ...`); the
 * field already shows its own error, so the line reads as a sentence without it.
 */
const withoutFieldPrefix = (error: unknown, message: string): string => {
  const field = error instanceof ApiError ? error.details[0]?.field : undefined;
  if (!field || !message.startsWith(`${field}: `)) return message;
  const rest = message.slice(field.length + 2);
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
};

/**
 * The built-in sandbox provider's approval page (DESIGN: payments): the amount, the test cards and a
 * card form. Approving (or declining) returns to the checkout with ?orderId=, which captures; Cancel
 * returns without it.
 */
export const SandboxApproval = ({ orderId, returnPath, amount, description }: SandboxApprovalProps) => {
  const t = useT();
  const navigate = useNavigate();
  const approve = useApproveSandboxOrder(orderId);
  const form = useForm({
    initial: EMPTY_CARD_FORM,
    validate: (values) => ({ fields: validateCardForm(values) }),
    serverFields: { cardNumber: 'cardNumber', expiry: 'expiry', cvc: 'cvc', name: 'name' },
    serverFieldMessage,
  });
  // Each field is typed as a card form shows it: the number in fours, the expiry as MM/YY.
  const typed = (key: keyof CardFormValues, format: (value: string) => string) => ({
    ...form.field(key),
    onChange: (event: { target: { value: string } }) => form.setValue(key, format(event.target.value)),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await approve.mutateAsync({
      cardNumber: cardDigits(values.cardNumber),
      expiry: values.expiry.trim(),
      cvc: values.cvc.trim(),
      name: values.name.trim(),
    });
    // Replace: going back from the checkout must not land on an order that is already decided.
    await navigate(checkoutReturnPath(returnPath, result.id), { replace: true });
  });

  // The whole answer as well as the field's word: it names the cards that work.
  const serverError = form.failure
    ? withoutFieldPrefix(form.failure, toPaymentFailure(form.failure).message)
    : null;

  const payLabel = amount
    ? t('learning.payments.sandbox.payAmount', { amount: formatPrice(amount.amount) })
    : t('learning.payments.sandbox.pay');

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <Card className="p-6 sm:p-8">
        <Eyebrow>{t('learning.payments.sandbox.eyebrow')}</Eyebrow>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
          {t('learning.payments.sandbox.title')}
        </h1>
        <div className="mt-5 flex items-center justify-between gap-4 rounded-xl bg-slate-50 px-4 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-700">
              {description
                ? t('learning.payments.sandbox.amountDueFor', { description })
                : t('learning.payments.sandbox.amountDue')}
            </p>
            <p className="text-xs break-all text-slate-500">
              {t('learning.payments.sandbox.order', { id: orderId })}
            </p>
          </div>
          {amount ? (
            <p className="shrink-0 text-end">
              <span className="text-2xl font-bold text-slate-900 sm:text-3xl" data-testid="sandbox-amount">
                {formatPrice(amount.amount)}
              </span>{' '}
              <span className="text-xs font-medium text-slate-500">{amount.currency}</span>
            </p>
          ) : null}
        </div>

        <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
          <TextField
            label={t('learning.payments.sandbox.field.cardNumber')}
            name="cardNumber"
            inputMode="numeric"
            dir="ltr"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            hint={t('learning.payments.sandbox.testCard', {
              number: formatCardNumber(SANDBOX_CARDS.success),
            })}
            {...typed('cardNumber', formatCardNumber)}
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label={t('learning.payments.sandbox.expiry')}
              name="expiry"
              inputMode="numeric"
              dir="ltr"
              autoComplete="cc-exp"
              placeholder={t('learning.payments.sandbox.expiryPlaceholder')}
              {...typed('expiry', formatExpiry)}
            />
            <TextField
              label={t('learning.payments.sandbox.field.cvc')}
              name="cvc"
              inputMode="numeric"
              dir="ltr"
              autoComplete="cc-csc"
              placeholder="123"
              {...typed('cvc', formatCvc)}
            />
          </div>
          <TextField
            label={t('learning.payments.sandbox.nameOnCard')}
            name="name"
            autoComplete="cc-name"
            {...form.field('name')}
          />
          {serverError ? <Alert>{serverError}</Alert> : null}
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link
              to={checkoutReturnPath(returnPath)}
              replace
              className={buttonClassName({ variant: 'outline', size: 'lg' })}
            >
              {t('learning.payments.sandbox.cancel')}
            </Link>
            <SubmitButton
              form={form}
              size="lg"
              loadingText={t('learning.payments.pay.processing')}
              leftIcon={<LockIcon className="size-4.5" />}
              className="sm:min-w-44"
            >
              {payLabel}
            </SubmitButton>
          </div>
        </form>
      </Card>

      <Card className="h-fit p-6">
        <h2 className="text-base font-semibold text-slate-900">{t('learning.payments.sandbox.testCards')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('learning.payments.sandbox.testCardsText')}</p>
        <ul className="mt-4 flex flex-col gap-3">
          {TEST_CARDS.map((card) => (
            <li key={card.number} className="rounded-xl border border-slate-200 p-3">
              <p className="font-mono text-sm font-semibold tracking-wide text-slate-900">
                <span dir="ltr">{formatCardNumber(card.number)}</span>
              </p>
              <div className="mt-2 flex items-center justify-between gap-2">
                <Chip tone={card.tone}>{t(card.outcome)}</Chip>
                <RowButton
                  variant="ghost"
                  label={t('learning.payments.sandbox.useCard', {
                    number: formatCardNumber(card.number),
                  })}
                  onClick={() => form.setValue('cardNumber', formatCardNumber(card.number))}
                >
                  {t('learning.payments.sandbox.use')}
                </RowButton>
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
};
