import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { FilterPills } from '@/components/ui/filter-pills';
import { Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useCatalogueCategories } from '../api/courses';
import type { CatalogueFilterState } from '../hooks/use-catalogue-filters';
import { hasFilters, NO_FILTERS, PRICE_OPTIONS, SORT_OPTIONS } from '../lib/catalogue-filters';

/** A select with its label beside it, or read by assistive technology only (`hideLabel`). */
const LabelledSelect = ({
  label,
  hideLabel = false,
  value,
  onChange,
  className,
  children,
}: {
  label: string;
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) => {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'shrink-0 text-sm font-medium whitespace-nowrap text-slate-600'}
      >
        {label}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-w-0 flex-1"
      >
        {children}
      </Select>
    </div>
  );
};

/**
 * The catalogue's category, price and order, beside its search. The category names are every
 * organisation's; one chosen from a link that no course uses any more stays listed, so the select shows
 * what the list is filtered by.
 */
export const CatalogueFilters = ({ filters, setFilters }: CatalogueFilterState) => {
  const t = useT();
  const categories = useCatalogueCategories().data;
  const chosen = filters.category.toLowerCase();
  const known = (categories ?? []).find((category) => category.category_name.toLowerCase() === chosen);
  return (
    <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-center">
      <LabelledSelect
        label={t('site.courses.filters.category')}
        hideLabel
        value={known ? known.category_name : filters.category}
        onChange={(category) => setFilters({ category })}
        className="md:w-64"
      >
        <option value="">{t('site.courses.filters.allCategories')}</option>
        {filters.category && !known ? <option value={filters.category}>{filters.category}</option> : null}
        {(categories ?? []).map((category) => (
          <option key={category.category_name} value={category.category_name}>
            {t('site.courses.filters.categoryOption', {
              name: category.category_name,
              count: formatCount(category.courses_count),
            })}
          </option>
        ))}
      </LabelledSelect>
      <div className="flex flex-wrap items-center gap-2">
        <FilterPills
          legend={t('site.courses.filters.price')}
          options={PRICE_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
          value={filters.price}
          onChange={(price) => setFilters({ price })}
        />
        {hasFilters(filters) ? (
          <Button variant="ghost" size="sm" onClick={() => setFilters(NO_FILTERS)}>
            {t('site.courses.filters.clear')}
          </Button>
        ) : null}
      </div>
      <LabelledSelect
        label={t('site.courses.filters.sortBy')}
        value={filters.sort}
        onChange={(sort) =>
          setFilters({ sort: SORT_OPTIONS.find((option) => option.value === sort)?.value ?? '' })
        }
        className="md:ms-auto md:w-72"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </LabelledSelect>
    </div>
  );
};
