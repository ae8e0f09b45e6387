import { COUPON_CODE_MAX, type CouponQuote } from '@skillwise/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { t as translate } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { storage } from '@/lib/storage';
import { checkCoupon } from '../api/coupons';
import { parseCouponCode, useLinkedCoupon } from '../hooks/use-linked-coupon';
import { couponRefusal, paymentText } from '../lib/coupon-refusals';

export type CheckoutCoupon = {
  /** The code as typed in the field. */
  text: string;
  setText: (text: string) => void;
  /** The price the applied code gives, or null when none is applied. */
  quote: CouponQuote | null;
  /** Why the last code was refused, said under the field. */
  refusal: string | null;
  isChecking: boolean;
  apply: (code?: string) => Promise<void>;
  remove: () => void;
  /** The order itself refused the code (used up at the last moment): back to the list price. */
  drop: () => void;
};

/**
 * The checkout's coupon (docs/decisions/030): a code checked against the course for the signed-in buyer
 * (GET courses/CheckCoupon), kept for the order once applied. A code a link carried (kept in storage)
 * is applied by itself when `autoApply` allows it; one the server refuses is forgotten, with its reason.
 */
export const useCheckoutCoupon = (
  courseId: number,
  { autoApply }: { autoApply: boolean },
): CheckoutCoupon => {
  const linkedCode = useLinkedCoupon();
  const [text, setText] = useState(() => (autoApply ? (linkedCode ?? '') : ''));
  const [quote, setQuote] = useState<CouponQuote | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);
  const run = useRef(0);

  const apply = useCallback(
    async (typed?: string) => {
      const code = parseCouponCode(typed ?? text);
      const current = ++run.current;
      if (!code) {
        setQuote(null);
        setRefusal(couponRefusal('unknown'));
        return;
      }
      setChecking(true);
      setRefusal(null);
      try {
        const answer = await checkCoupon(courseId, code);
        if (current !== run.current) return;
        setQuote(answer);
        setText(answer.code);
        storage.set('couponCode', answer.code);
      } catch (error) {
        if (current !== run.current) return;
        setQuote(null);
        setRefusal(paymentText(errorMessage(error, translate('learning.payments.coupon.checkFailed'))));
        storage.remove('couponCode');
      } finally {
        if (current === run.current) setChecking(false);
      }
    },
    [courseId, text],
  );

  const remove = useCallback(() => {
    run.current += 1;
    setChecking(false);
    setQuote(null);
    setRefusal(null);
    setText('');
    storage.remove('couponCode');
  }, []);

  const drop = useCallback(() => {
    run.current += 1;
    setQuote(null);
    storage.remove('couponCode');
  }, []);

  // A linked code is applied once, as the checkout opens.
  const linked = useRef(autoApply ? linkedCode : null);
  useEffect(() => {
    const code = linked.current;
    if (!code) return;
    linked.current = null;
    void apply(code);
  }, [apply]);

  return { text, setText, quote, refusal, isChecking, apply, remove, drop };
};

/** "Have a coupon?": the code and Apply; once applied, the code and Remove; a refusal under the field. */
export const CouponField = ({ coupon, disabled = false }: { coupon: CheckoutCoupon; disabled?: boolean }) => {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  if (coupon.quote) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-3 py-2 text-sm ring-1 ring-emerald-200 ring-inset">
        <p className="min-w-0 text-emerald-800" role="status">
          <T
            id="learning.payments.coupon.applied"
            values={{ code: coupon.quote.code }}
            components={{ 0: <span className="font-mono font-semibold break-all" /> }}
          />
        </p>
        <button
          type="button"
          onClick={coupon.remove}
          disabled={disabled}
          className="shrink-0 font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900 disabled:opacity-50"
        >
          {t('learning.payments.coupon.remove')}
        </button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        void coupon.apply();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('learning.payments.coupon.label')}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          name="coupon_code"
          value={coupon.text}
          onChange={(event) => coupon.setText(event.target.value)}
          maxLength={COUPON_CODE_MAX}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder={t('learning.payments.coupon.placeholder')}
          aria-invalid={coupon.refusal ? true : undefined}
          aria-describedby={coupon.refusal ? errorId : undefined}
          disabled={disabled}
          className="min-w-0 flex-1 uppercase placeholder:normal-case"
        />
        <Button
          type="submit"
          variant="outline"
          isLoading={coupon.isChecking}
          loadingText={t('learning.payments.coupon.checking')}
          disabled={disabled || coupon.text.trim() === ''}
        >
          {t('learning.payments.coupon.apply')}
        </Button>
      </div>
      {coupon.refusal ? <FieldError id={errorId}>{coupon.refusal}</FieldError> : null}
    </form>
  );
};
