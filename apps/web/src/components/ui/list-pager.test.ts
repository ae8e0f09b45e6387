import { afterEach, describe, expect, it } from 'vitest';
import { addCatalogue, i18n } from '@/lib/i18n/i18n';
import arabic from '@/locales/ar/learning.json';
import spanish from '@/locales/es/learning.json';
import { pageSummary } from './list-pager';

describe('pageSummary with a catalogue message for its rows', () => {
  afterEach(() => i18n.activate('en'));

  it('counts the rows in English as the nouns did', () => {
    expect(pageSummary(1, 10, 1, 'learning.certificates.count')).toBe('1 certificate');
    expect(pageSummary(1, 10, 7, 'learning.certificates.count')).toBe('7 certificates');
    expect(pageSummary(2, 10, 10_000, 'learning.certificates.count')).toBe(
      'Showing 11–20 of 10,000 certificates',
    );
  });

  it("says the rows with the reader's plural forms", () => {
    addCatalogue('es', 'learning', spanish);
    i18n.activate('es');
    expect(pageSummary(1, 10, 1, 'learning.certificates.count')).toBe('1 certificado');
    expect(pageSummary(1, 10, 7, 'learning.certificates.count')).toBe('7 certificados');
    addCatalogue('ar', 'learning', arabic);
    i18n.activate('ar');
    expect(pageSummary(1, 10, 1, 'learning.certificates.count')).toBe('شهادة واحدة');
    expect(pageSummary(1, 10, 2, 'learning.certificates.count')).toBe('شهادتان');
  });
});
