import { type Coupon, PAGE_SIZE_MAX, PAGE_SIZES } from '@skillwise/contracts';
import { useState } from 'react';
import { Button, RowButton } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { RemoveDialog } from '@/components/ui/confirm-dialog';
import { DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { TitledCard } from '@/components/ui/titled-card';
import { useOrganisationCourses } from '@/features/courses';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { formatPrice } from '@/lib/format';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { useCoupons, useDeleteCoupon, useUpdateCoupon } from '../api/coupons';
import {
  COUPON_STATE_CHIPS,
  couponInputOf,
  couponLink,
  datesText,
  discountText,
  usesText,
} from '../lib/coupons';
import { CouponDialog } from './coupon-dialog';

const PAGE_SIZE = PAGE_SIZES.coupons;

/** The courses a coupon is for, as the list says it: "All courses", a course's title, or "3 courses". */
const coursesText = (coupon: Coupon, titles: ReadonlyMap<number, string>): string => {
  const ids = coupon.course_ids;
  if (ids === null) return translate('admin.payments.coupons.allCourses');
  const [only] = ids;
  if (ids.length === 1 && only !== undefined)
    return titles.get(only) ?? translate('admin.payments.coupons.courses', { count: 1 });
  return translate('admin.payments.coupons.courses', { count: ids.length });
};

type CouponItemProps = {
  coupon: Coupon;
  titles: ReadonlyMap<number, string>;
  onEdit: () => void;
  onToggle: () => void;
  onCopy: () => void;
  onDelete: () => void;
  isToggling: boolean;
};

const CouponItem = ({ coupon, titles, onEdit, onToggle, onCopy, onDelete, isToggling }: CouponItemProps) => {
  const t = useT();
  const state = COUPON_STATE_CHIPS[coupon.state];
  const courses = coursesText(coupon, titles);
  const chosenTitles = (coupon.course_ids ?? []).map((id) => titles.get(id)).filter(Boolean);
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-mono font-semibold break-all text-slate-900">{coupon.code}</p>
          <Chip tone={state.tone}>{t(state.label)}</Chip>
          <span className="text-sm font-semibold text-brand-700">{discountText(coupon)}</span>
        </div>
        <p className="mt-1 text-sm break-words text-slate-600">
          <span title={chosenTitles.length > 1 ? chosenTitles.join(', ') : undefined}>{courses}</span> ·{' '}
          {datesText(coupon)}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-slate-500">{t('admin.payments.coupons.uses')}</dt>
            <dd className="font-medium text-slate-800 tabular-nums">{usesText(coupon)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-500">{t('admin.payments.sales.revenue')}</dt>
            <dd className="font-medium text-slate-800 tabular-nums">{formatPrice(coupon.revenue)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <RowButton onClick={onEdit} label={t('admin.payments.coupons.editLabel', { code: coupon.code })}>
          {t('admin.payments.coupons.edit')}
        </RowButton>
        <RowButton
          onClick={onToggle}
          isLoading={isToggling}
          loadingText={t('admin.payments.saving')}
          label={
            coupon.active
              ? t('admin.payments.coupons.pauseLabel', { code: coupon.code })
              : t('admin.payments.coupons.resumeLabel', { code: coupon.code })
          }
        >
          {coupon.active ? t('admin.payments.coupons.pause') : t('admin.payments.coupons.resume')}
        </RowButton>
        <RowButton onClick={onCopy} label={t('admin.payments.coupons.copyLabel', { code: coupon.code })}>
          {t('admin.payments.coupons.copy')}
        </RowButton>
        <RowButton onClick={onDelete} label={t('admin.payments.coupons.deleteLabel', { code: coupon.code })}>
          {t('admin.payments.coupons.delete')}
        </RowButton>
      </div>
    </div>
  );
};

/** The school's courses, one page of the largest size, for the form's list and the coupons' titles. */
const useSchoolCourses = () =>
  useOrganisationCourses(storage.get('orgId') ?? '', { page: 1, pageSize: PAGE_SIZE_MAX });

type Editing = { coupon: Coupon | null };

/**
 * Settings: the school's coupons (docs/decisions/030), paged and searched on the code, each with what it
 * takes off, for which courses, between which days, its uses and the revenue it brought; a new one or a
 * change in a dialog, Pause and Resume, Delete (refused for a coupon an order used) and the link that
 * carries the code to the checkout.
 */
export const CouponsCard = () => {
  const t = useT();
  const list = useListState();
  const coupons = useCoupons({ page: list.page, pageSize: PAGE_SIZE, search: list.search });
  const pager = useListPager(list, coupons, {
    label: t('admin.payments.coupons.pages'),
    pageSize: PAGE_SIZE,
    noun: 'admin.payments.coupons.rowCount',
  });
  const courses = useSchoolCourses();
  const titles = new Map((courses.data?.rows ?? []).map((course) => [course.course_Id, course.course_title]));
  const update = useUpdateCoupon();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  const toggle = async (coupon: Coupon) => {
    setToggling(coupon.coupon_Id);
    try {
      await update.mutateAsync({
        coupon_Id: coupon.coupon_Id,
        ...couponInputOf(coupon),
        active: !coupon.active,
      });
      notify.success(
        coupon.active
          ? t('admin.payments.coupons.paused', { code: coupon.code })
          : t('admin.payments.coupons.activeAgain', { code: coupon.code }),
      );
    } catch (error) {
      notify.error(errorMessage(error, t('admin.payments.coupons.saveFailed')));
    } finally {
      setToggling(null);
    }
  };

  const copyLink = async (coupon: Coupon) => {
    const link = couponLink(coupon, window.location.origin);
    if (await copyText(link)) notify.success(t('admin.payments.coupons.copied', { link }));
    else notify.info(t('admin.payments.coupons.copyThis', { link }));
  };

  const isSearching = list.search !== '';
  return (
    <TitledCard
      title={t('admin.payments.coupons.title')}
      description={t('admin.payments.coupons.description')}
      actions={
        <Button onClick={() => setEditing({ coupon: null })}>{t('admin.payments.coupons.new')}</Button>
      }
    >
      <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
        <DataList
          variant="inset"
          label={t('admin.payments.coupons.title')}
          query={coupons}
          rowKey={(coupon) => coupon.coupon_Id}
          search={{
            label: t('admin.payments.coupons.search'),
            value: list.searchText,
            onChange: list.setSearchText,
          }}
          item={(coupon) => (
            <CouponItem
              coupon={coupon}
              titles={titles}
              onEdit={() => setEditing({ coupon })}
              onToggle={() => void toggle(coupon)}
              onCopy={() => void copyLink(coupon)}
              onDelete={() => setDeleting(coupon)}
              isToggling={toggling === coupon.coupon_Id}
            />
          )}
          itemProps={(coupon) => ({ 'data-coupon': coupon.code })}
          loadingLabel={t('admin.payments.coupons.loading')}
          errorText={t('admin.payments.coupons.loadFailed')}
          empty={
            <div className="p-6">
              <EmptyState
                title={isSearching ? t('admin.payments.coupons.noMatch') : t('admin.payments.coupons.empty')}
                hint={
                  isSearching
                    ? t('admin.payments.coupons.noMatchHint')
                    : t('admin.payments.coupons.emptyHint')
                }
              />
            </div>
          }
          pager={pager}
        />
      </div>
      {editing ? (
        <CouponDialog
          key={editing.coupon?.coupon_Id ?? 'new'}
          coupon={editing.coupon}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <RemoveDialog
        item={deleting}
        title={t('admin.payments.coupons.deleteTitle')}
        message={({ code }) => t('admin.payments.coupons.deleteText', { code })}
        confirmLabel={t('admin.payments.coupons.delete')}
        onClose={() => setDeleting(null)}
        remove={(coupon) => remove.mutateAsync(coupon.coupon_Id)}
        done={({ code }) => t('admin.payments.coupons.deleted', { code })}
        failed={t('admin.payments.coupons.deleteFailed')}
      />
    </TitledCard>
  );
};
