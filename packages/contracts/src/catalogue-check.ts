/**
 * What the message catalogues' tests check (the web app's and the server's, docs/decisions/044 and 047):
 * a language holds English's keys and no other, each message is non-empty and takes the same placeholders
 * and element tags (`<0>…</0>`) as its English source, and each plural has the forms its language needs
 * (`Intl.PluralRules`' categories) and "other". Messages come compiled, by the caller's ICU compiler.
 */
type CompiledToken = string | readonly [string, string?, unknown?];
export type CompiledMessageLike = readonly CompiledToken[];

type Shape = { args: Set<string>; tags: Set<string>; plurals: Map<string, Set<string>> };

/** The placeholders, the element tags and each plural's categories a compiled message uses. */
const shapeOf = (
  compiled: CompiledMessageLike,
  shape: Shape = { args: new Set(), tags: new Set(), plurals: new Map() },
): Shape => {
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
      for (const choice of choices)
        shapeOf((format as Record<string, CompiledMessageLike>)[choice] ?? [], shape);
    }
  }
  return shape;
};

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));

/** Every way `catalogue` (in `locale`) departs from `english`, each naming `file` and the key; none when it is right. */
export const catalogueProblems = (
  english: Record<string, string>,
  catalogue: Record<string, unknown>,
  locale: string,
  compile: (message: string) => CompiledMessageLike,
  file: string,
): string[] => {
  const problems: string[] = [];
  const keys = Object.keys(english);
  for (const key of Object.keys(catalogue))
    if (!(key in english)) problems.push(`${file}: "${key}" is not English's`);
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  for (const key of keys) {
    const where = `${file} "${key}"`;
    const message = catalogue[key];
    if (typeof message !== 'string') {
      problems.push(`${where} is missing`);
      continue;
    }
    if (message.trim() === '') problems.push(`${where} is empty`);
    const expected = shapeOf(compile(english[key] as string));
    const actual = shapeOf(compile(message));
    if (!sameSet(actual.args, expected.args)) problems.push(`${where}: other placeholders than English's`);
    if (!sameSet(actual.tags, expected.tags)) problems.push(`${where}: other tags than English's`);
    for (const [name, forms] of actual.plurals) {
      if (!forms.has('other')) problems.push(`${where}: {${name}} has no "other" form`);
      for (const category of categories) {
        if (!forms.has(category))
          problems.push(`${where}: {${name}} lacks the "${category}" form ${locale} needs`);
      }
    }
  }
  return problems;
};
