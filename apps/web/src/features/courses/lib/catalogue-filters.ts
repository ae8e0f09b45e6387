import {
  CATALOGUE_PRICES,
  CATALOGUE_SORTS,
  type CataloguePrice,
  type CatalogueSort,
  COUNTER_SHORT,
} from '@skillwise/contracts';
import type { MessageId } from '@/lib/i18n/i18n';

/** The catalogue's filters as the URL keeps them (`?category=&price=&sort=`); '' is none. */
export type CatalogueFilters = { category: string; price: CataloguePrice | ''; sort: CatalogueSort | '' };

export const NO_FILTERS: CatalogueFilters = { category: '', price: '', sort: '' };

/** The URL's parameters of the filters, which are also the call's (courses/GetAllCoursesDetail). */
export const CATALOGUE_FILTER_PARAMS = ['category', 'price', 'sort'] as const;

const oneOf = <T extends string>(values: readonly T[], raw: string | null | undefined): T | '' =>
  values.find((value) => value === raw) ?? '';

/**
 * The filters a URL names. A value the server would refuse (an unknown price or order, an over-long
 * category) is no filter: a link edited by hand shows the catalogue rather than an error.
 */
export const parseCatalogueFilters = (
  read: (name: string) => string | null | undefined,
): CatalogueFilters => {
  const category = (read('category') ?? '').trim();
  return {
    category: category.length <= COUNTER_SHORT ? category : '',
    price: oneOf(CATALOGUE_PRICES, read('price')),
    sort: oneOf(CATALOGUE_SORTS, read('sort')),
  };
};

/** The parameters a catalogue call sends for these filters: only those set. */
export const catalogueParams = (filters: CatalogueFilters): Record<string, string> =>
  Object.fromEntries(
    CATALOGUE_FILTER_PARAMS.map((name) => [name, filters[name]]).filter(([, value]) => value),
  );

export const hasFilters = (filters: CatalogueFilters): boolean =>
  CATALOGUE_FILTER_PARAMS.some((name) => filters[name] !== '');

/** The price choices, each with its label's message. */
export const PRICE_OPTIONS: ReadonlyArray<{ value: CataloguePrice | ''; label: MessageId }> = [
  { value: '', label: 'site.courses.filters.allPrices' },
  { value: 'free', label: 'site.courses.filters.free' },
  { value: 'paid', label: 'site.courses.filters.paid' },
];

/** The orders, each with its label's message. */
export const SORT_OPTIONS: ReadonlyArray<{ value: CatalogueSort | ''; label: MessageId }> = [
  { value: '', label: 'site.courses.sort.default' },
  { value: 'newest', label: 'site.courses.sort.newest' },
  { value: 'price_asc', label: 'site.courses.sort.priceAsc' },
  { value: 'price_desc', label: 'site.courses.sort.priceDesc' },
  { value: 'rating', label: 'site.courses.sort.rating' },
];
