import type { IOptions } from 'sanitize-html';

/**
 * The HTML a text lesson written in the page may keep (docs/decisions/019): what the web app's editor
 * makes (headings, paragraphs, bold, italic, strike, underline, lists, links, quotes, code, rules, line
 * breaks) and nothing else. No attribute but a link's address (and a numbered list's start) survives, so
 * no event handler, style, class or id; a link keeps only http, https and mailto addresses; images,
 * frames, SVG, MathML, forms and scripts go, the last with their contents.
 */
export const LESSON_HTML_RULES: IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    's',
    'u',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
  ],
  // `target` and `rel` are always the transform's below, whatever was sent.
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Tags whose text is dropped with them, not kept as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'title',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  // Every link opens apart from the lesson and tells the page it leads to nothing of the reader.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** What an empty lesson is stored as: one empty paragraph, as the editor has it. */
const EMPTY_LESSON = '<p></p>';

type Sanitize = (dirty: string, options: IOptions) => string;
let sanitizer: Promise<Sanitize> | undefined;

/**
 * A written text lesson's HTML, sanitized by the allowlist above: what the server stores and serves, on
 * every write. Markup that is broken (unclosed tags, stray brackets) comes out well formed. The
 * sanitizer is loaded on the first lesson written, not at start-up.
 */
export async function sanitizeLessonHtml(html: string): Promise<string> {
  sanitizer ??= import('sanitize-html').then((loaded) => loaded.default);
  const sanitize = await sanitizer;
  const clean = sanitize(html, LESSON_HTML_RULES).trim();
  return clean === '' ? EMPTY_LESSON : clean;
}
