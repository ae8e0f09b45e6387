import { useUrlFilters } from '@/lib/paging';
import {
  CATALOGUE_FILTER_PARAMS,
  type CatalogueFilters,
  parseCatalogueFilters,
} from '../lib/catalogue-filters';

/** The catalogue's filters, kept in the URL by the route that shows it (/courses, the student area's). */
export type CatalogueFilterState = {
  filters: CatalogueFilters;
  /** Changes some filters: a history entry of its own, back on the first page. */
  setFilters: (changes: Partial<CatalogueFilters>) => void;
};

export const useCatalogueFilters = (): CatalogueFilterState => {
  const [values, setValues] = useUrlFilters(CATALOGUE_FILTER_PARAMS);
  return {
    filters: parseCatalogueFilters((name) => values[name as keyof typeof values]),
    setFilters: setValues,
  };
};
