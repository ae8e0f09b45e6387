import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LOCALES } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';

/**
 * The server's catalogues (docs/decisions/044, 047): every language holds every key English holds and no other, each
 * message parses, and each takes the same placeholders and tags as its English source, with the plural
 * forms its language needs. A key the code asks for that English lacks fails the type check (MessageKey).
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;

type Shape = { args: Set<string>; tags: Set<string>; plurals: Map<string, Set<string>> };

/** The placeholders, the element tags (`<0>…</0>`) and each plural's categories a compiled message uses. */
const shapeOf = (
  compiled: CompiledMessage,
  shape: Shape = { args: new Set(), tags: new Set(), plurals: new Map() },
) => {
  for (const token of compiled) {
    if (typeof token === 'string') {
      for (const [, tag] of token.matchAll(/<\/?(\d+)\/?>/g)) shape.tags.add(tag as string);
      continue;
    }
    const [name, type, format] = token;
    shape.args.add(name);
    if (
      (type === 'plural' || type === 'selectordinal' || type === 'select') &&
      format &&
      typeof format === 'object'
    ) {
      const choices = Object.keys(format).filter((key) => key !== 'offset');
      if (type !== 'select') shape.plurals.set(name, new Set(choices.filter((key) => !key.startsWith('='))));
      for (const choice of choices) shapeOf((format as Record<string, CompiledMessage>)[choice] ?? [], shape);
    }
  }
  return shape;
};

describe('message catalogues', () => {
  it("every language has English's keys, and its messages the same placeholders", () => {
    const english = read('en');
    expect(Object.keys(english).length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      const catalogue = read(locale);
      expect(Object.keys(catalogue).sort(), `${locale}.json keys`).toEqual(Object.keys(english).sort());
      const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
      for (const [key, source] of Object.entries(english)) {
        const where = `${locale}.json "${key}"`;
        const message = catalogue[key] as string;
        expect(typeof message, where).toBe('string');
        expect(message.trim(), `${where} is empty`).not.toBe('');
        const expected = shapeOf(compileMessageOrThrow(source));
        const actual = shapeOf(compileMessageOrThrow(message));
        expect([...actual.args].sort(), `${where} placeholders`).toEqual([...expected.args].sort());
        expect([...actual.tags].sort(), `${where} tags`).toEqual([...expected.tags].sort());
        for (const [name, forms] of actual.plurals) {
          expect(forms.has('other'), `${where}: {${name}} has no "other" form`).toBe(true);
          for (const category of categories) {
            expect(
              forms.has(category),
              `${where}: {${name}} lacks the "${category}" form ${locale} needs`,
            ).toBe(true);
          }
        }
      }
    }
  });
});
