import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FIELD_TEXTS, matchFieldText, matchServerText, SERVER_TEXTS } from '@skillwise/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, fieldErrorFor, readerText } from '@/lib/api-client';
import { readerFieldText } from '@/lib/field-text';
import { setLocale } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/render';
import english from './en/forms.json';

/**
 * The server's words on a field (`details[].message`) and the contracts' schemas' own, said in the reader's
 * language through FIELD_TEXTS (packages/contracts/src/field-texts.ts) and `common.fieldText.*`.
 */
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' ? [] : sources(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });

/**
 * Every message about a field that the contracts' schemas and the API's services write: a string that
 * starts as those messages do ("is required", "must be ...", "no account ..."). A `${...}` in a template
 * string stands for a value: "must be at most ${max} characters" reads as "must be at most 7 characters".
 * The server's own settings (apps/api/src/config.ts) are an operator's, in English, never a form's.
 */
const FIELD_MESSAGE =
  /(['`])((?:must|is|does|matches|give|send|can|cannot|has|malformed|no account|this e-mail) [^'`\n]*)\1/g;
const writtenFieldMessages = (): { file: string; message: string; writtenOut: boolean }[] => {
  const files = [
    // The templates' own file aside.
    ...sources(path.join(repo, 'packages/contracts/src')).filter((file) => !file.endsWith('field-texts.ts')),
    ...sources(path.join(repo, 'apps/api/src')).filter((file) => !file.endsWith(`${path.sep}config.ts`)),
  ];
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(FIELD_MESSAGE)]
      .filter(([, quote, text]) => quote === '`' || !text?.includes('${'))
      .map(([, , text]) => ({
        file: path.relative(repo, file),
        message: (text ?? '').replace(/\$\{[^}]*\}/g, '7'),
        // "must be ${value}" (a price, a type's name) is the one template a written-out message must not
        // fall back on: "must be a slug" needs its own words in every language.
        writtenOut: !text?.includes('${'),
      })),
  );
};

/** Words in the services that are not a field's message: route descriptions, log lines, sentences. */
const NOT_FIELD_MESSAGES = [
  /^has passed; 409/,
  /^is sanitized by/,
  /^may (have|read) /,
  /^(give|send|is|are) $/,
];

/** A call the server refuses with this error body: what the app makes of it (an ApiError). */
const refused = (status: number, body: Record<string, unknown>) => {
  vi.unstubAllGlobals();
  mockFetch(() => ({ status, body: { statusCode: status, ...body } }));
  return apiRequest('some/Call', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLocale('en');
});

describe('field messages', () => {
  it('every message the schemas and services write has its template', () => {
    const found = writtenFieldMessages();
    expect(found.length).toBeGreaterThan(100);
    const missing = found.filter(({ message, writtenOut }) => {
      if (NOT_FIELD_MESSAGES.some((pattern) => pattern.test(message))) return false;
      const template = matchFieldText(message)?.key;
      return template === undefined || (writtenOut && template === 'mustBe');
    });
    expect(missing).toEqual([]);
  });

  it('English says them as the server writes them', () => {
    for (const [key, text] of Object.entries(FIELD_TEXTS)) {
      expect(english[`fieldText.${key}` as keyof typeof english], key).toBe(text);
    }
  });

  it('finds the template with the most fixed words and its values', () => {
    expect(matchFieldText('must be at most 80 characters')).toEqual({
      key: 'atMostChars',
      values: { max: '80' },
    });
    expect(matchFieldText('must be at most 5')).toEqual({ key: 'atMost', values: { max: '5' } });
    expect(matchFieldText('must be a whole number from 1 to 5')).toEqual({
      key: 'wholeNumberRange',
      values: { min: '1', max: '5' },
    });
    expect(matchFieldText('something the server never says')).toBeUndefined();
  });

  it('are said in the reader’s language, beside the field and in the form’s message', async () => {
    const refusal = () =>
      refused(400, {
        error: 'Bad Request',
        code: 'VALIDATION',
        message: 'password: must be at least 8 characters',
        details: [{ field: 'password', message: 'must be at least 8 characters' }],
      });
    const english = await refusal();
    expect(fieldErrorFor(english, 'password')).toBe('must be at least 8 characters');
    expect(errorMessage(english, 'Registration failed')).toBe('Password must be at least 8 characters');

    await setLocale('es');
    const spanish = await refusal();
    expect(fieldErrorFor(spanish, 'password')).toBe('debe tener al menos 8 caracteres');
    expect(errorMessage(spanish, 'Registration failed')).toBe('Password: debe tener al menos 8 caracteres');
    expect(readerFieldText('is already registered')).toBe('ya está registrado');
    expect(readerFieldText('a message no template holds')).toBe('a message no template holds');

    await setLocale('ar');
    expect(readerFieldText('must be at most 80 characters')).toBe('يجب ألا يتجاوز 80 حرفًا');
  });
});

describe('the server’s own sentences', () => {
  const api = () =>
    sources(path.join(repo, 'apps/api/src'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
  /** What `notFound('Course')` says: "Course not found." */
  const notFoundSentence = /^(.+) not found\.$/;

  it('each template’s fixed words are still written in the API’s sources', () => {
    const written = api();
    const gone = Object.entries(SERVER_TEXTS).filter(([, text]) => {
      const thing = notFoundSentence.exec(text)?.[1];
      if (thing) return !written.includes(`notFound('${thing}')`);
      return text
        .split(/\{\w+\}/)
        .map((part) => part.trim())
        .some((part) => part.length > 3 && !written.includes(part));
    });
    expect(gone).toEqual([]);
  });

  it('hold what the API says of each thing it does not find', () => {
    const calls = [...api().matchAll(/\bnotFound\(([^)]*)\)/g)].map((call) => call[1] ?? '');
    expect(calls.length).toBeGreaterThan(30);
    // A name the test cannot read (a variable) would build a sentence no catalogue holds.
    expect(calls.filter((argument) => !/^'[^']+'$/.test(argument))).toEqual([]);
    const sentences = new Set<string>(Object.values(SERVER_TEXTS));
    const said = [...new Set(calls)].map((argument) => `${argument.slice(1, -1)} not found.`);
    expect(said.filter((sentence) => !sentences.has(sentence))).toEqual([]);
  });

  it('English says them as the server writes them', () => {
    for (const [key, text] of Object.entries(SERVER_TEXTS)) {
      expect(english[`serverText.${key}` as keyof typeof english], key).toBe(text);
    }
    expect(
      matchServerText(
        'Your Free plan allows 3 published courses. Unpublish one or upgrade your plan to publish more.',
      ),
    ).toEqual({
      key: 'publishLimit',
      values: { plan: 'Free', limit: '3' },
    });
  });

  it('are said in the reader’s language once a call of theirs has loaded them', async () => {
    const refusal = () =>
      refused(409, {
        error: 'Conflict',
        code: 'CONFLICT',
        message: 'This coupon was used: pause it instead.',
      });
    const english = await refusal();
    expect(errorMessage(english, 'Could not delete')).toBe('This coupon was used: pause it instead.');

    await setLocale('es');
    const spanish = await refusal();
    expect(spanish).toBeInstanceOf(ApiError);
    // The error keeps the server's words; what the reader is shown is in their language.
    expect((spanish as ApiError).message).toBe('This coupon was used: pause it instead.');
    expect(errorMessage(spanish, 'No se pudo eliminar')).toBe('Este cupón ya se ha usado: mejor pausarlo.');
    expect(readerText('Course not found.')).toBe('Curso no encontrado.');
    expect(
      readerText(
        'Your Growth plan allows 1,000 published courses. Unpublish one or upgrade your plan to publish more.',
      ),
    ).toBe(
      'Tu plan Growth permite 1,000 cursos publicados. Despublica uno o mejora tu plan para publicar más.',
    );
    expect(readerText('Something the server never says.')).toBe('Something the server never says.');
    // A field's refusal that is one of the server's sentences, beside the field.
    expect(readerFieldText('A coupon with this code exists already.')).toBe(
      'Ya existe un cupón con este código.',
    );
  });
});
