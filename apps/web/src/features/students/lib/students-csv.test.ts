import type { StudentRow } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, studentsCsv } from './students-csv';

const row = (fullName: string, email: string, numberofcourses = 1, totalcost = 0): StudentRow => ({
  fullName,
  email,
  numberofcourses,
  totalcost,
  user_id: 1,
});

/** The cells of one line split on `separator` outside quotes, each without its quotes. */
const cellsOf = (line: string, separator: string): string[] => {
  const cells = [''];
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) cells.push('');
    else cells[cells.length - 1] += char;
  }
  return cells;
};

describe('CSV export of My Students', () => {
  it('leaves plain values as they are', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField(3)).toBe('3');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvField('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvField('Ada "the Countess"')).toBe('"Ada ""the Countess"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('quotes semicolons, which spreadsheets in many locales split on', () => {
    expect(csvField('Bob;=1+1;x')).toBe('"Bob;=1+1;x"');
    expect(csvField('a;b')).toBe('"a;b"');
  });

  it('defuses text a spreadsheet would run as a formula, quoted and with an apostrophe', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+1')).toBe('"\'+1"');
    expect(csvField('-2')).toBe('"\'-2"');
    expect(csvField('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvField('\t=1+1')).toBe('"\'\t=1+1"');
    expect(csvField('\r=1+1')).toBe('"\'\r=1+1"');
    expect(csvField('=1+1;x')).toBe('"\'=1+1;x"');
    // Numbers are the export's own figures, never text a person typed.
    expect(csvField(3)).toBe('3');
  });

  it('keeps a hostile name in its own cell whichever separator a spreadsheet uses', () => {
    const csv = studentsCsv([row('Bob;=1+1;x', '=cmd@example.com', 1, 5)]);
    const line = csv.split('\r\n')[1] ?? '';
    expect(line).toBe('"Bob;=1+1;x","\'=cmd@example.com",1,5.00');
    // Read as a spreadsheet splitting on either separator outside quotes: no cell starts a formula.
    for (const separator of [',', ';']) {
      for (const cell of cellsOf(line, separator)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('writes a header and one line per student with dollars to the cent', () => {
    const csv = studentsCsv([
      row('Ada Lovelace', 'ada@example.com', 2, 39.9),
      row('Ng, Li', 'li@example.com', 0, 0),
    ]);
    expect(csv).toBe(
      'Name,Email,Courses,Total Cost (USD)\r\n' +
        'Ada Lovelace,ada@example.com,2,39.90\r\n' +
        '"Ng, Li",li@example.com,0,0.00\r\n',
    );
  });

  it('writes only the header for an empty list', () => {
    expect(studentsCsv([])).toBe('Name,Email,Courses,Total Cost (USD)\r\n');
  });

  it('names the file by the date', () => {
    expect(csvFileName(new Date('2026-03-04T10:00:00Z'))).toBe('students-2026-03-04.csv');
  });
});
