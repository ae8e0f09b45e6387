import { type Key, type ReactNode, useSyncExternalStore } from 'react';
import { DESKTOP_MIN_WIDTH } from '@/config/app';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { isPageGone, pageCountFor, useClampedPage } from '@/lib/paging';
import { Card } from './card';
import { ListPager, type PagerNoun, pageSummary } from './list-pager';
import { LoadError } from './load-error';
import { Pagination } from './pagination';
import { SearchInput } from './search-input';
import { LoadingBlock } from './spinner';

/** One column: its heading and cell on a wide screen, and where (if anywhere) it shows on a phone's card. */
export type DataColumn<Row> = {
  header: string;
  /** The heading is read by assistive technology only (a column of buttons). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's table cells. */
  className?: string;
  align?: 'start' | 'end';
  /**
   * On a phone's card: 'title' heads the card, 'aside' sits at the title's right, 'line' is a line of
   * its own under it, 'field' a line labelled with `cardLabel` (the heading by default). Without it
   * the column is left off the card.
   */
  card?: 'title' | 'aside' | 'line' | 'field';
  cardLabel?: string;
  /** What the card shows, when it differs from the table's cell. */
  cardCell?: (row: Row) => ReactNode;
  /** Classes of the value on the card (a field's `dd`). */
  cardClassName?: string;
  /** A field that takes a whole row of the card's two-column grid (`fields: 'grid'`). */
  cardWide?: boolean;
};

type ItemProps = { className?: string | undefined } & {
  [data: `data-${string}`]: string | boolean | undefined;
};

/** What the list reads of its page query (TanStack Query's result fits). */
export type DataListQuery<Row> = {
  data?: { rows: readonly Row[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

export type DataListPager = {
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** What the rows are: a catalogue message counting them, or ['student', 'students'] (`PagerNoun`). */
  noun: PagerNoun;
  /** The pager's accessible name, e.g. 'Students pages'. */
  label: string;
  /**
   * Where the count of rows shown stands: under the list beside the page links, or at the end of the
   * search box's row (the page links alone under the list, centred).
   */
  summary?: 'below' | 'toolbar';
  /** Nothing under the list while every row fits one page. */
  onlyWhenPaged?: boolean;
};

/**
 * A paged list's pager, and the step back to the last page when the one shown no longer exists
 * (`useClampedPage`): what every list with a pager needs of its page state and query.
 */
export const useListPager = (
  { page, setPage }: { page: number; setPage: (page: number) => void },
  query: { data?: { total: number } | undefined; isPlaceholderData: boolean },
  pager: Omit<DataListPager, 'page' | 'onPageChange'> & { onPageChange?: (page: number) => void },
): DataListPager => {
  useClampedPage(page, pager.pageSize, query, setPage);
  return { onPageChange: setPage, ...pager, page };
};

type ListVariant = 'cards' | 'inset' | 'bare';

export type DataListProps<Row> = {
  /** Names the table (a caption read by assistive technology) and the list of cards: 'Authors'. */
  label: string;
  query: DataListQuery<Row>;
  rowKey: (row: Row) => Key;
  /** A table on a wide screen, a card a row on a phone. */
  columns?: ReadonlyArray<DataColumn<Row>>;
  /** Instead of columns: one layout on every screen, a row's content in a list item. */
  item?: (row: Row) => ReactNode;
  /** With `item`: attributes of a row's list item (its class, a data- attribute the journeys read). */
  itemProps?: (row: Row) => ItemProps;
  /** With `item`: the classes of the list, instead of lines between the rows (a grid of cards). */
  listClassName?: string;
  /** Shown while the first page loads: 'Loading authors...'. */
  loadingLabel: string;
  /** Drawn instead of the spinner while the first page loads (grey cards of the rows' size). */
  placeholder?: ReactNode;
  /**
   * Said when the server gives no reason: 'Could not load your authors.'. A function says what it
   * returns whatever the server's reason (a list that shows the spec's own message).
   */
  errorText: string | ((error: unknown) => string);
  /** Shown when no row exists or matches (the caller tells which). */
  empty: ReactNode;
  /** A search box above the list. */
  search?: { label: string; value: string; onChange: (value: string) => void; className?: string };
  /** A heading at the start of the search box's row. */
  heading?: ReactNode;
  /** Buttons beside the search box. */
  actions?: ReactNode;
  /** The layout of the search box and buttons, instead of a row from 640 px wide. */
  toolbarClassName?: string;
  /** Anything between the toolbar and the list, e.g. filters. */
  filters?: ReactNode;
  pager?: DataListPager;
  /**
   * 'cards': a list of its own, a card a row on phones. 'inset': inside a card of the caller's (under
   * its heading), rows divided by lines. 'bare' (with `item`): the list alone, its rows drawing their
   * own cards, or inside a card of the caller's with its padding; spaced as a page's sections are.
   */
  variant?: ListVariant;
  /** The table's least width before it scrolls sideways, as a class: 'min-w-[720px]'. */
  tableClassName?: string;
  /** Column headings in capitals (as the admin tables show them) or as written. */
  headerCase?: 'upper' | 'as-written';
  rowClassName?: string;
  cardClassName?: string;
  /** A card's labelled fields: 'inline' (label beside value) or 'grid' (two columns, label above). */
  fields?: 'inline' | 'grid';
};

const WIDE = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;
const ignore = () => () => undefined;
const watchWidth = (onChange: () => void) => {
  const list = window.matchMedia(WIDE);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** Whether the screen is wide enough for a table; asked only by a list that has two layouts. */
const useWide = (asks: boolean): boolean =>
  useSyncExternalStore(asks ? watchWidth : ignore, () => !asks || window.matchMedia(WIDE).matches);

const cellPadding = (variant: ListVariant) => (variant === 'inset' ? 'px-6 py-3' : 'px-4 py-3');

const Table = <Row,>({
  label,
  rows,
  rowKey,
  columns,
  variant,
  tableClassName,
  headerCase,
  rowClassName,
}: {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  columns: ReadonlyArray<DataColumn<Row>>;
  variant: ListVariant;
  tableClassName?: string;
  headerCase: 'upper' | 'as-written';
  rowClassName?: string;
}) => (
  <table className={cn('w-full text-start text-sm', tableClassName)}>
    <caption className="sr-only">{label}</caption>
    <thead
      className={cn(
        'border-b border-slate-200 bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500',
        headerCase === 'upper' && 'uppercase',
      )}
    >
      <tr>
        {columns.map((column) => (
          <th
            key={column.header}
            scope="col"
            className={cn(cellPadding(variant), column.align === 'end' && 'text-end')}
          >
            {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
          </th>
        ))}
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100">
      {rows.map((row) => (
        <tr key={rowKey(row)} className={cn('align-middle', rowClassName)}>
          {columns.map((column) => (
            <td
              key={column.header}
              className={cn(cellPadding(variant), column.align === 'end' && 'text-end', column.className)}
            >
              {column.cell(row)}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  </table>
);

const CardBody = <Row,>({
  row,
  columns,
  fields,
}: {
  row: Row;
  columns: ReadonlyArray<DataColumn<Row>>;
  fields: 'inline' | 'grid';
}) => {
  const title = columns.find((column) => column.card === 'title');
  const aside = columns.find((column) => column.card === 'aside');
  const lines = columns.filter((column) => column.card === 'line');
  const labelled = columns.filter((column) => column.card === 'field');
  const show = (column: DataColumn<Row>) => (column.cardCell ?? column.cell)(row);
  return (
    <>
      {title || aside ? (
        <div className="flex items-start justify-between gap-3">
          {title ? <div className="min-w-0">{show(title)}</div> : null}
          {aside ? <div className="flex shrink-0 gap-1">{show(aside)}</div> : null}
        </div>
      ) : null}
      {lines.map((column) => (
        <div key={column.header}>{show(column)}</div>
      ))}
      {labelled.length === 0 ? null : fields === 'grid' ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {labelled.map((column) => (
            <div key={column.header} className={column.cardWide ? 'col-span-2' : undefined}>
              <dt className="text-xs font-medium text-slate-500">{column.cardLabel ?? column.header}</dt>
              <dd className={column.cardClassName ?? 'text-slate-700'}>{show(column)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <dl className="grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {labelled.map((column) => (
            <div key={column.header} className="contents">
              <dt className="text-slate-500">{column.cardLabel ?? column.header}</dt>
              <dd className={cn('min-w-0', column.cardClassName ?? 'text-slate-700')}>{show(column)}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
};

/**
 * A server-paged list: the search box and buttons above it, loading, error (with "Try again") and empty
 * states, the rows as a table on a wide screen and as cards on a phone (only one of the two is in the
 * page), and the pager under them. A page being replaced stays on screen, dimmed, until the next arrives.
 */
export const DataList = <Row,>({
  label,
  query,
  rowKey,
  columns,
  item,
  itemProps,
  listClassName,
  loadingLabel,
  placeholder,
  errorText,
  empty,
  search,
  heading,
  actions,
  toolbarClassName,
  filters,
  pager,
  variant = 'cards',
  tableClassName,
  headerCase = 'upper',
  rowClassName,
  cardClassName,
  fields = 'inline',
}: DataListProps<Row>) => {
  const isWide = useWide(columns !== undefined && item === undefined);
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  const isUpdating = query.isPlaceholderData;
  const inset = variant === 'inset';
  const retry = () => void query.refetch();
  const message =
    typeof errorText === 'string' ? errorMessage(query.error, errorText) : errorText(query.error);
  const summaryAbove = pager?.summary === 'toolbar';

  let body: ReactNode;
  if (query.isPending || isPageGone(query.data)) {
    body = placeholder ?? <LoadingBlock label={loadingLabel} />;
  } else if (query.isError && total === 0) {
    // A list that failed to load is not an empty list: the error alone says what happened.
    body = <LoadError message={message} onRetry={retry} className={inset ? 'p-6' : undefined} />;
  } else if (total === 0) {
    body = empty;
  } else {
    const busy = { 'aria-busy': isUpdating || undefined };
    const dimmed = isUpdating && 'opacity-60 transition-opacity';
    let shown: ReactNode;
    if (item) {
      const bare = variant === 'bare';
      const list = (
        <ul
          className={cn(listClassName ?? 'divide-y divide-slate-100', bare && dimmed)}
          aria-label={label}
          {...busy}
        >
          {rows.map((row) => (
            <li key={rowKey(row)} {...itemProps?.(row)}>
              {item(row)}
            </li>
          ))}
        </ul>
      );
      shown = bare ? (
        list
      ) : inset ? (
        <div className={cn(dimmed)}>{list}</div>
      ) : (
        <Card className={cn('overflow-hidden', dimmed)}>{list}</Card>
      );
    } else if (columns && isWide) {
      const table = (
        <Table
          label={label}
          rows={rows}
          rowKey={rowKey}
          columns={columns}
          variant={variant}
          tableClassName={tableClassName}
          headerCase={headerCase}
          rowClassName={rowClassName}
        />
      );
      shown = inset ? (
        <div className={cn('relative overflow-x-auto', dimmed)} {...busy}>
          {table}
        </div>
      ) : (
        <Card className={cn('relative overflow-x-auto', dimmed)} {...busy}>
          {table}
        </Card>
      );
    } else if (columns) {
      shown = (
        <ul
          aria-label={label}
          className={cn('flex flex-col', inset ? 'divide-y divide-slate-100' : 'gap-3', dimmed)}
          {...busy}
        >
          {rows.map((row) => (
            <li key={rowKey(row)} className={inset ? 'flex flex-col gap-3 px-6 py-4' : undefined}>
              {inset ? (
                <CardBody row={row} columns={columns} fields={fields} />
              ) : (
                <Card className={cn('flex flex-col gap-3 p-4', cardClassName)}>
                  <CardBody row={row} columns={columns} fields={fields} />
                </Card>
              )}
            </li>
          ))}
        </ul>
      );
    }
    body = (
      <>
        {query.isError ? (
          <LoadError message={message} onRetry={retry} className={cn(inset && 'px-6 pt-4')} />
        ) : null}
        {shown}
        {pager && (!pager.onlyWhenPaged || pageCountFor(total, pager.pageSize) > 1) ? (
          <div className={inset ? 'border-t border-slate-100 px-6 py-4' : undefined}>
            {summaryAbove ? (
              <div className="flex justify-center">
                <Pagination
                  label={pager.label}
                  pageCount={pageCountFor(total, pager.pageSize)}
                  page={pager.page - 1}
                  onPageChange={(selected) => pager.onPageChange(selected + 1)}
                />
              </div>
            ) : (
              <ListPager {...pager} total={total} />
            )}
          </div>
        ) : null}
      </>
    );
  }

  const summary =
    pager?.summary === 'toolbar' && total > 0 ? (
      <p className="shrink-0 text-sm text-slate-500" aria-live="polite">
        {pageSummary(pager.page, pager.pageSize, total, pager.noun)}
      </p>
    ) : null;
  const toolbar =
    heading || search || actions || summary ? (
      <div
        className={cn(
          toolbarClassName ?? 'flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between',
          inset && 'px-6 pt-5',
        )}
      >
        {heading}
        {search ? (
          <SearchInput
            label={search.label}
            value={search.value}
            onChange={search.onChange}
            className={search.className ?? 'sm:max-w-md'}
          />
        ) : null}
        {summary}
        {actions}
      </div>
    ) : null;

  return (
    <div className={cn('flex flex-col', inset ? 'gap-0' : variant === 'bare' ? 'gap-6' : 'gap-5')}>
      {toolbar}
      {filters}
      {body}
    </div>
  );
};
