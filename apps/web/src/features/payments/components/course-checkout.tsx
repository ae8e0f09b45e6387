import type { CourseListItem } from '@skillwise/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Eyebrow } from '@/components/ui/page-header';
import { PersonPhoto } from '@/components/ui/person-photo';
import { formatPrice } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { useCourseOrder } from '../api/payments';
import { ORDER_ID_PARAM } from '../lib/sandbox-urls';
import { CouponField, useCheckoutCoupon } from './coupon-field';
import { PaymentButton } from './payment-button';

/** After a purchase the course opens by itself after this long (the button is there for the impatient). */
export const GO_TO_COURSE_DELAY_MS = 2500;

type CourseCheckoutProps = {
  course: CourseListItem;
  /** The cover, drawn by the page (it falls back to the placeholder image). */
  image: ReactNode;
};

export const takeCoursePath = (courseId: number): string =>
  `${paths.students.takeCourse}?${new URLSearchParams({ id: String(courseId) }).toString()}`;

/**
 * SPEC §2.5: the course (title, image, description, author and bio), the amount and the card payment
 * button with its success or error line. DESIGN decision 3: the buyer e-mail is the signed-in user's.
 */
export const CourseCheckout = ({ course, image }: CourseCheckoutProps) => {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [isEnrolled, setEnrolled] = useState(false);
  const email = storage.get('userEmail') ?? '';
  const userId = Number(storage.get('userId'));
  const courseId = course.course_Id;
  const listPrice = course.price;
  // Back from the approval page the order is being captured: its code is not checked again.
  const coupon = useCheckoutCoupon(courseId, { autoApply: !params.has(ORDER_ID_PARAM) && listPrice > 0 });
  const quote = coupon.quote;
  const price = quote ? quote.price : listPrice;
  const isFree = price === 0;
  const author = [course.first_name, course.last_name].filter(Boolean).join(' ');
  const coursePath = takeCoursePath(courseId);
  const order = useCourseOrder({ price: listPrice, email, userId, courseId, couponCode: quote?.code });

  useEffect(() => {
    if (!isEnrolled) return;
    const timer = window.setTimeout(() => void navigate(coursePath), GO_TO_COURSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isEnrolled, navigate, coursePath]);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
      <Card className="overflow-hidden">
        <div className="h-44 bg-slate-100 sm:h-60">{image}</div>
        <div className="flex flex-col gap-5 p-6 sm:p-8">
          <div>
            <Eyebrow>{t('learning.payments.checkout.yourCourse')}</Eyebrow>
            <h2 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900">
              {course.course_title}
            </h2>
            <p className="mt-3 leading-relaxed break-words whitespace-pre-line text-slate-600">
              {course.course_description}
            </p>
          </div>
          {author ? (
            <div className="flex gap-4 border-t border-slate-100 pt-5">
              <PersonPhoto
                src={course.profile_picturePath}
                firstName={course.first_name}
                lastName={course.last_name}
                className="size-12"
              />
              <div className="min-w-0">
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {t('learning.payments.checkout.instructor')}
                </p>
                <p className="mt-0.5 font-semibold text-slate-900">{author}</p>
                {course.bio ? <p className="mt-1 text-sm break-words text-slate-600">{course.bio}</p> : null}
              </div>
            </div>
          ) : null}
        </div>
      </Card>

      <Card className="order-first flex h-fit flex-col gap-5 p-6 lg:order-none lg:sticky lg:top-24">
        <CardTitle>{t('learning.payments.checkout.orderSummary')}</CardTitle>
        <dl className="flex flex-col gap-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 text-slate-500">{t('learning.payments.checkout.course')}</dt>
            <dd className="min-w-0 text-end font-medium break-words text-slate-900">{course.course_title}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 text-slate-500">{t('learning.payments.checkout.billedTo')}</dt>
            <dd className="min-w-0 text-end font-medium break-all text-slate-900">{email}</dd>
          </div>
          {quote ? (
            <>
              <div className="flex justify-between gap-4 border-t border-slate-100 pt-3">
                <dt className="shrink-0 text-slate-500">{t('learning.payments.checkout.listPrice')}</dt>
                <dd className="shrink-0 font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  {formatPrice(quote.list_price)}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="min-w-0 break-all text-slate-500">
                  {t('learning.payments.checkout.discount', { code: quote.code })}
                </dt>
                <dd className="shrink-0 font-medium whitespace-nowrap text-emerald-700 tabular-nums">
                  −{formatPrice(quote.discount)}
                </dd>
              </div>
            </>
          ) : null}
          <div className="flex items-baseline justify-between gap-4 border-t border-slate-100 pt-3">
            <dt className="font-semibold text-slate-900">{t('learning.payments.checkout.total')}</dt>
            <dd className="text-2xl font-bold text-slate-900">
              {isFree ? t('common.price.free') : formatPrice(price)}
            </dd>
          </div>
        </dl>
        {listPrice > 0 && !isEnrolled ? <CouponField coupon={coupon} /> : null}
        <PaymentButton
          returnPath={paths.students.checkout}
          isFree={isFree}
          createOrder={order.createOrder}
          captureOrder={order.captureOrder}
          onSuccess={() => {
            storage.set('courseId', courseId);
            storage.remove('couponCode');
            setEnrolled(true);
          }}
          onError={({ message, code }) => {
            // SPEC §8: the already-enrolled notice is a toast as well.
            if (message === t('common.msg.alreadyEnrolled'))
              notify.error(message, { toastId: 'already-enrolled' });
            // A code used up since it was applied: back to the list price; the error line says why.
            if (code === 'COUPON_REFUSED') coupon.drop();
          }}
          errorAction={({ message }) =>
            message === t('common.msg.alreadyEnrolled') ? (
              <Link to={paths.students.myCourses} className={buttonClassName({ variant: 'outline' })}>
                {t('learning.payments.checkout.goToMyCourses')}
              </Link>
            ) : null
          }
          successAction={
            <>
              <Button size="lg" fullWidth onClick={() => void navigate(coursePath)}>
                {t('learning.payments.checkout.goToCourse')}
              </Button>
              <p className="text-center text-xs text-slate-500" role="status">
                {t('learning.payments.checkout.opening')}
              </p>
            </>
          }
        />
      </Card>
    </div>
  );
};
