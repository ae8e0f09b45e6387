import { saveFile } from '@/lib/save-file';

/**
 * One CSV field (RFC 4180, quotes doubled). Quoted when it holds a separator (a comma, or the semicolon
 * that spreadsheets in many locales split on), a quote or a line break, or when it starts like a
 * formula: a text starting with = + - @ a tab or a carriage return would run as a formula in a
 * spreadsheet, so it also gets a leading apostrophe (OWASP CSV injection). Numbers stay numbers.
 */
export const csvField = (value: string | number): string => {
  let text = String(value);
  const formula = typeof value === 'string' && /^[=+\-@\t\r]/.test(text);
  if (formula) text = `'${text}`;
  return formula || /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Rows of fields as CSV, CRLF line ends. */
export const csvOf = (rows: ReadonlyArray<ReadonlyArray<string | number>>): string =>
  rows
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');

/** A file name for today's export, e.g. students-2026-03-04.csv. */
export const csvFileName = (prefix: string, date = new Date()): string =>
  `${prefix}-${date.toISOString().slice(0, 10)}.csv`;

/** Hands the CSV to the browser as a download (a byte order mark lets spreadsheets read UTF-8). */
export const downloadCsv = (csv: string, fileName: string): void =>
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
