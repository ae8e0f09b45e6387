import { z } from 'zod';

/** The longest language tag taken (BCP 47 tags in use are far shorter) and the longest track label. */
export const CAPTION_LANGUAGE_MAX_CHARS = 35;
export const CAPTION_LABEL_MAX_CHARS = 80;

/**
 * A language tag in its canonical BCP 47 form (`pt-br` becomes `pt-BR`), or undefined when it is not a
 * well-formed tag (Intl.getCanonicalLocales refuses it).
 */
export function canonicalLanguage(tag: string): string | undefined {
  const trimmed = tag.trim();
  if (trimmed === '' || trimmed.length > CAPTION_LANGUAGE_MAX_CHARS) return undefined;
  let canonical: string | undefined;
  try {
    canonical = Intl.getCanonicalLocales(trimmed)[0];
  } catch {
    return undefined;
  }
  // The language itself is an ISO 639 code of 2 or 3 letters: longer ones are reserved, none assigned.
  return canonical && /^[a-z]{2,3}(?:-|$)/.test(canonical) ? canonical : undefined;
}

/** A language's English name (`pt-BR`: Brazilian Portuguese), the tag itself when it has none. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const languageSchema = z.string().transform((value, ctx) => {
  const canonical = canonicalLanguage(value);
  if (canonical === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be a language tag such as en, fr or pt-BR' });
    return z.NEVER;
  }
  return canonical;
});

/** The text fields of lessons/UploadCaptions/{id}, sent beside the captions file (`file`). */
export const uploadCaptionsFieldsSchema = z.object({
  /** A BCP 47 language tag, stored in its canonical form; one file per language. */
  language: languageSchema,
  /** What the player's track menu says; the language's English name when empty or absent. */
  label: z
    .string()
    .trim()
    .max(CAPTION_LABEL_MAX_CHARS, `must be at most ${CAPTION_LABEL_MAX_CHARS} characters`)
    .optional(),
});

/** lessons/DeleteCaptions/{id}?language= */
export const deleteCaptionsQuerySchema = z.object({ language: languageSchema });

/** A lesson's captions file as its school's staff see it. */
export const lessonCaptionSchema = z.object({
  language: z.string(),
  label: z.string(),
  /** The stored WebVTT's size (an SRT file is stored converted). */
  size_bytes: z.number(),
  created_at: z.string(),
});
export type LessonCaption = z.infer<typeof lessonCaptionSchema>;

/** Every captions file of a lesson, by language. */
export const lessonCaptionsSchema = z.array(lessonCaptionSchema);
