import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { catalogueProblems, LOCALES } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';

/**
 * The server's catalogues (docs/decisions/044, 047): every language holds every key English holds and no other, each
 * message parses, and each takes the same placeholders and tags as its English source, with the plural
 * forms its language needs. A key the code asks for that English lacks fails the type check (MessageKey).
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;

describe('message catalogues', () => {
  it("every language has English's keys, and its messages the same placeholders", () => {
    const english = read('en');
    expect(Object.keys(english).length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      const catalogue = read(locale);
      expect(catalogueProblems(english, catalogue, locale, compileMessageOrThrow, `${locale}.json`)).toEqual(
        [],
      );
    }
  });
});
