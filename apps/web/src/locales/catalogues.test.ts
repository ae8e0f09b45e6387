import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { catalogueProblems, LOCALES } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';

/**
 * The catalogues (docs/decisions/044): every language holds every key English holds and no other, each
 * message parses, and each takes the same placeholders and tags as its English source, with the plural
 * forms its language needs. A key the code asks for that English lacks fails the type check (MessageId).
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (locale: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(dir, locale, `${namespace}.json`), 'utf8')) as Record<string, string>;
const namespaces = readdirSync(path.join(dir, 'en')).map((file) => file.replace(/\.json$/, ''));

describe('message catalogues', () => {
  it('exist for every language and namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      expect(readdirSync(path.join(dir, locale)).sort()).toEqual(namespaces.map((n) => `${n}.json`).sort());
    }
  });

  for (const namespace of namespaces) {
    it(`${namespace}: every language has English's keys, and its messages the same placeholders`, () => {
      const english = read('en', namespace);
      for (const locale of LOCALES) {
        const catalogue = read(locale, namespace);
        expect(
          catalogueProblems(english, catalogue, locale, compileMessageOrThrow, `${locale}/${namespace}.json`),
        ).toEqual([]);
      }
    });
  }
});

describe('the catalogue check', () => {
  it('finds a missing key, a key English lacks, other placeholders and a plural form a language needs', () => {
    const english = { a: 'Hello {name}', b: '{count, plural, one {# lesson} other {# lessons}}', c: 'Bye' };
    const problems = catalogueProblems(
      english,
      { a: 'Hola {nombre}', b: '{count, plural, one {# lección} other {# lecciones}}', d: 'Extra' },
      'es',
      compileMessageOrThrow,
      'es/test.json',
    );
    expect(problems).toEqual([
      'es/test.json: "d" is not English\'s',
      'es/test.json "a": other placeholders than English\'s',
      'es/test.json "b": {count} lacks the "many" form es needs',
      'es/test.json "c" is missing',
    ]);
  });
});
