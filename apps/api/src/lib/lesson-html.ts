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
/** The sanitizer, loaded on first use rather than at start-up. */
const loadSanitizer = (): Promise<Sanitize> => {
  sanitizer ??= import('sanitize-html').then((loaded) => loaded.default);
  return sanitizer;
};

/**
 * A written text lesson's HTML, sanitized by the allowlist above: what the server stores and serves, on
 * every write. Markup that is broken (unclosed tags, stray brackets) comes out well formed. The
 * sanitizer is loaded on the first lesson written, not at start-up.
 */
export async function sanitizeLessonHtml(html: string): Promise<string> {
  const sanitize = await loadSanitizer();
  const clean = sanitize(html, LESSON_HTML_RULES).trim();
  return clean === '' ? EMPTY_LESSON : clean;
}

/**
 * The formatting a school's e-mail to its students may keep (docs/decisions/036): paragraphs, line
 * breaks, bold, italic, lists and links (http, https and mailto only), the lesson rules narrowed; every
 * other tag goes (a script, style or frame with its contents), and no attribute but a link's address.
 */
export const MESSAGE_HTML_RULES: IOptions = {
  ...LESSON_HTML_RULES,
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href'] },
  transformTags: {},
};

/** A school's formatted message, sanitized by MESSAGE_HTML_RULES: what is stored, previewed and mailed. */
export async function sanitizeMessageHtml(html: string): Promise<string> {
  const sanitize = await loadSanitizer();
  return sanitize(html, MESSAGE_HTML_RULES).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The plain-text part of a sanitized message: paragraphs apart, list items as "- ", a link's address
 * after its words; no tag left.
 */
export async function messageHtmlToText(clean: string): Promise<string> {
  const sanitize = await loadSanitizer();
  const marked = clean
    .replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/g, (_, href: string, words: string) =>
      words === href ? href : `${words} (${href})`,
    )
    .replace(/<br \/>|<br>/g, '\n')
    .replace(/<li>/g, '\n- ')
    .replace(/<\/(p|ul|ol)>/g, '\n\n');
  return sanitize(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
