import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DEFAULT_LOCALE, type Locale, textDirection } from '@skillwise/contracts';
import type { Bidi } from 'bidi-js';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { dayText, t } from '../../lib/i18n';

/** What a certificate says: the snapshot kept in its row, and the address that verifies it. */
export type CertificateContent = {
  number: string;
  studentName: string;
  courseTitle: string;
  orgName: string;
  authorName: string;
  issuedAt: Date;
  verificationUrl: string;
  /** The language its own words and its date are in (docs/decisions/047): the student's, else the school's. */
  language?: Locale;
};

/** The date as the certificate prints it, in UTC so every server prints the same: 'March 12, 2026'. */
export const certificateDateText = (date: Date, locale: Locale = DEFAULT_LOCALE): string =>
  dayText(locale, date);

const require = createRequire(import.meta.url);

/**
 * The fonts come with npm packages (SIL Open Font License 1.1, which allows embedding them in
 * documents), so nothing is fetched at run time. Playfair Display and Noto Naskh Arabic are embedded as
 * subsets of the glyphs used. Source Sans 3 is embedded whole: pdf-lib's subset of it draws no glyphs
 * (checked by rendering). Noto Naskh Arabic draws Arabic script, in any language's certificate (a
 * student's name): fontkit shapes it (the joined forms) as pdf-lib lays the text out.
 */
const FONT_FILES = {
  display: '@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf',
  italic: '@expo-google-fonts/playfair-display/400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf',
  text: '@expo-google-fonts/source-sans-3/400Regular/SourceSans3_400Regular.ttf',
  arabic: '@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf',
  arabicBold: '@expo-google-fonts/noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;
const FONT_NAMES = Object.keys(FONT_FILES) as FontName[];

/** The libraries and font files, loaded with the first certificate and kept (about 1.4 MB). */
type Fontkit = typeof import('@pdf-lib/fontkit');
type Kit = {
  pdf: typeof import('pdf-lib');
  fontkit: Fontkit;
  bidi: Bidi;
  fonts: Record<FontName, Uint8Array>;
  /** The Arabic fonts as fontkit reads them, to lay text out with (the same glyph ids as embedded). */
  shapers: { arabic: Shaper; arabicBold: Shaper };
};
let kit: Promise<Kit> | undefined;

const loadKit = (): Promise<Kit> => {
  kit ??= (async () => {
    const [pdf, fontkit, bidiModule, ...files] = await Promise.all([
      import('pdf-lib'),
      import('@pdf-lib/fontkit'),
      import('bidi-js'),
      ...FONT_NAMES.map((name) => readFile(require.resolve(FONT_FILES[name]))),
    ]);
    // CommonJS modules: Node answers their exports as `default`, a bundler may answer them directly.
    const kitModule = fontkit as Fontkit & { default?: Fontkit };
    const fonts = Object.fromEntries(FONT_NAMES.map((name, i) => [name, files[i]])) as unknown as Record<
      FontName,
      Uint8Array
    >;
    const bidiFactory = (bidiModule as { default: () => Bidi }).default;
    const kitFonts = kitModule.default ?? kitModule;
    const shaper = (bytes: Uint8Array) => kitFonts.create(bytes) as unknown as Shaper;
    const shapers = { arabic: shaper(fonts.arabic), arabicBold: shaper(fonts.arabicBold) };
    return { pdf, fontkit: kitFonts, bidi: bidiFactory(), fonts, shapers };
  })().catch((error: unknown) => {
    kit = undefined;
    throw error;
  });
  return kit;
};

/** The part of a fontkit font the certificate lays Arabic out with. */
type Shaper = {
  unitsPerEm: number;
  layout(text: string): {
    glyphs: Array<{ id: number }>;
    positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }>;
  };
};

/**
 * A font with the code points it can draw. A face with a shaper (Arabic) is drawn glyph by glyph where
 * fontkit places them: pdf-lib's own drawing keeps the shaped glyphs but drops their positions, and Noto
 * Naskh Arabic places its dots and vowel marks as separate glyphs.
 */
type Face = { font: PDFFont; covers: Set<number>; shaper?: Shaper };

/** Arabic script's letters, marks and presentation forms. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** A piece of a line in one face and one direction; `text` in logical order (fontkit shapes and orders it). */
type Run = { text: string; font: PDFFont; rtl: boolean; shaper?: Shaper | undefined };

/**
 * Lays out one line: the Unicode bidirectional algorithm orders its pieces (an Arabic name in an English
 * line, English words or numbers in an Arabic one), each character gets the first face that draws it
 * (Arabic script the Arabic face; a character no face has is shown as '?'; a name in a script the fonts
 * do not cover: the verification page shows it as written), and consecutive characters of one font and
 * direction make a run. Answers the runs from left to right.
 */
export const layoutLine = (
  bidi: Bidi,
  line: string,
  faces: Face[],
  arabic: Face,
  direction: 'ltr' | 'rtl',
): Run[] => {
  const text = line.replace(/\s+/g, ' ').trim();
  if (!text) return [];
  const levels = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const faceOf = (index: number): Face => {
    const char = text[index] ?? ' ';
    const code = char.codePointAt(0) ?? 0;
    const rtl = (levels.levels[index] ?? 0) % 2 === 1;
    if (ARABIC.test(char) || (rtl && !/[\p{L}\p{N}]/u.test(char) && arabic.covers.has(code))) return arabic;
    return (
      faces.find((face) => face.covers.has(code)) ?? (arabic.covers.has(code) ? arabic : (faces[0] as Face))
    );
  };
  const runs: Run[] = [];
  let current: { chars: string[]; mirrored: string[]; face: Face; rtl: boolean } | undefined;
  const close = () => {
    if (!current) return;
    // Brackets in right-to-left text face the other way (fontkit does not turn them).
    const visual = current.mirrored;
    // A right-to-left run's characters came in visual order: back to logical for shaping.
    const chars = current.rtl ? [...visual].reverse() : visual;
    const { font, shaper } = current.face;
    runs.push({ text: chars.join(''), font, rtl: current.rtl, shaper });
    current = undefined;
  };
  for (const index of bidi.getReorderedIndices(text, levels)) {
    const face = faceOf(index);
    const rtl = (levels.levels[index] ?? 0) % 2 === 1;
    let char = text[index] ?? '';
    const code = char.codePointAt(0) ?? 0;
    if (char !== ' ' && !face.covers.has(code) && !/[\uD800-\uDFFF]/.test(char)) char = '?';
    if (!current || current.face !== face || current.rtl !== rtl) {
      close();
      current = { chars: [], mirrored: [], face, rtl };
    }
    current.chars.push(char);
    current.mirrored.push(mirrored.get(index) ?? char);
  }
  close();
  return runs;
};

/** A run's width at `size`: a shaped run's advances as fontkit placed its glyphs. */
const runWidth = (run: Run, size: number): number =>
  run.shaper
    ? (run.shaper.layout(run.text).positions.reduce((sum, p) => sum + p.xAdvance, 0) * size) /
      run.shaper.unitsPerEm
    : run.font.widthOfTextAtSize(run.text, size);

const runsWidth = (runs: Run[], size: number): number =>
  runs.reduce((sum, run) => sum + runWidth(run, size), 0);

/** Words over at most `maxLines` lines of `width`, at the largest size from `size` down to `minSize`. */
const fitLines = (
  text: string,
  measure: (text: string, size: number) => number,
  width: number,
  size: number,
  minSize: number,
  maxLines: number,
): { lines: string[]; size: number } => {
  const words = text.split(' ');
  for (let s = size; s >= minSize; s -= 1) {
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && measure(next, s) > width) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    lines.push(line);
    if (lines.length <= maxLines && lines.every((l) => measure(l, s) <= width)) {
      return { lines, size: s };
    }
  }
  // Still too long at the smallest size: the last line is cut with an ellipsis.
  const lines: string[] = [];
  let rest = text;
  while (rest && lines.length < maxLines) {
    let cut = rest.length;
    while (cut > 1 && measure(rest.slice(0, cut), minSize) > width) cut -= 1;
    const isLast = lines.length === maxLines - 1;
    if (isLast && cut < rest.length) {
      let end = cut;
      while (end > 1 && measure(`${rest.slice(0, end).trimEnd()}…`, minSize) > width) end -= 1;
      lines.push(`${rest.slice(0, end).trimEnd()}…`);
      break;
    }
    const space = rest.lastIndexOf(' ', cut);
    const at = cut < rest.length && space > 0 ? space : cut;
    lines.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  return { lines, size: minSize };
};

const NAVY = [0.11, 0.16, 0.33] as const;
const GOLD = [0.72, 0.56, 0.25] as const;
const SLATE = [0.33, 0.37, 0.45] as const;
const LIGHT = [0.47, 0.51, 0.58] as const;

/**
 * The certificate of completion as a PDF: one landscape A4 page with the title, the student's name,
 * the course, the organisation, the author, the date of issue, the certificate number and the address
 * that verifies it, in the certificate's language (right to left in Arabic); its fonts embedded.
 */
export async function renderCertificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const { pdf, fontkit, bidi, fonts: files, shapers } = await loadKit();
  const {
    PDFDocument,
    PDFHexString,
    PageSizes,
    rgb,
    degrees,
    pushGraphicsState,
    popGraphicsState,
    setCharacterSpacing,
    beginText,
    endText,
    setFontAndSize,
    setTextMatrix,
    showText,
    setFillingColor,
  } = pdf;
  const color = (c: readonly [number, number, number]) => rgb(c[0], c[1], c[2]);
  const l = content.language ?? DEFAULT_LOCALE;
  const direction = textDirection(l);

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts: Record<FontName, PDFFont> = {
    display: await doc.embedFont(files.display, { subset: true }),
    italic: await doc.embedFont(files.italic, { subset: true }),
    text: await doc.embedFont(files.text, { subset: false }),
    arabic: await doc.embedFont(files.arabic, { subset: false }),
    arabicBold: await doc.embedFont(files.arabicBold, { subset: false }),
  };
  const face = (font: PDFFont): Face => ({ font, covers: new Set(font.getCharacterSet()) });
  const display = face(fonts.display);
  const italic = face(fonts.italic);
  const text = face(fonts.text);
  // Embedded whole: pdf-lib's subset of them loses the glyphs the shaping substitutes.
  const arabic = { ...face(fonts.arabic), shaper: shapers.arabic };
  const arabicBold = { ...face(fonts.arabicBold), shaper: shapers.arabicBold };

  doc.setTitle(t(l, 'certificate.documentTitle', { number: content.number }));
  doc.setSubject(content.courseTitle);
  doc.setAuthor(content.orgName);
  doc.setCreator('Skillwise');
  doc.setLanguage(l);
  doc.setCreationDate(content.issuedAt);
  doc.setModificationDate(content.issuedAt);

  const [a4Width, a4Height] = PageSizes.A4;
  const page: PDFPage = doc.addPage([a4Height, a4Width]);
  const { width: W, height: H } = page.getSize();
  const centre = W / 2;

  /** A style of text: the faces it tries in turn, and the Arabic face for Arabic script. */
  type Style = { faces: Face[]; arabic: Face };
  const DISPLAY: Style = { faces: [display, text], arabic: arabicBold };
  const ITALIC: Style = { faces: [italic, text], arabic };
  const TEXT: Style = { faces: [text, display], arabic };
  const measureIn = (style: Style) => (line: string, size: number) =>
    runsWidth(layoutLine(bidi, line, style.faces, style.arabic, direction), size);

  /** A shaped run, each glyph where fontkit placed it (its dots and marks too), from `x` rightwards. */
  const drawShaped = (
    run: Run,
    shaper: Shaper,
    x: number,
    y: number,
    size: number,
    rgbColor: readonly [number, number, number],
  ) => {
    const { glyphs, positions } = shaper.layout(run.text);
    const scale = size / shaper.unitsPerEm;
    const key = page.node.newFontDictionary(run.font.name, run.font.ref);
    const operators = [
      pushGraphicsState(),
      setFillingColor(color(rgbColor)),
      beginText(),
      setFontAndSize(key, size),
    ];
    let pen = x;
    glyphs.forEach((glyph, index) => {
      const at = positions[index] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 };
      operators.push(
        setTextMatrix(1, 0, 0, 1, pen + at.xOffset * scale, y + at.yOffset * scale),
        showText(PDFHexString.of(glyph.id.toString(16).padStart(4, '0'))),
      );
      pen += at.xAdvance * scale;
    });
    operators.push(endText(), popGraphicsState());
    page.pushOperators(...operators);
  };

  /** One line centred on `x`, with `spacing` points between letters (none in Arabic script: it joins). */
  const centred = (
    line: string,
    style: Style,
    size: number,
    y: number,
    rgbColor: readonly [number, number, number],
    options: { x?: number; spacing?: number } = {},
  ) => {
    const runs = layoutLine(bidi, line, style.faces, style.arabic, direction);
    const spacing = runs.some((run) => run.font === style.arabic.font) ? 0 : (options.spacing ?? 0);
    const letters = runs.reduce((sum, run) => sum + [...run.text].length, 0);
    const width = runsWidth(runs, size) + spacing * Math.max(letters - 1, 0);
    let x = (options.x ?? centre) - width / 2;
    if (spacing) page.pushOperators(pushGraphicsState(), setCharacterSpacing(spacing));
    for (const run of runs) {
      if (run.shaper) drawShaped(run, run.shaper, x, y, size, rgbColor);
      else page.drawText(run.text, { x, y, size, font: run.font, color: color(rgbColor) });
      x += runWidth(run, size) + spacing * [...run.text].length;
    }
    if (spacing) page.pushOperators(popGraphicsState());
  };

  /** Text fitted to `width` over at most `maxLines` lines, centred, one line under another. */
  const fitted = (
    value: string,
    style: Style,
    box: { width: number; size: number; minSize: number; maxLines: number },
  ) =>
    fitLines(
      value.replace(/\s+/g, ' ').trim(),
      measureIn(style),
      box.width,
      box.size,
      box.minSize,
      box.maxLines,
    );

  // Paper, a double frame and a diamond in each corner.
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: rgb(0.995, 0.985, 0.955) });
  page.drawRectangle({
    x: 18,
    y: 18,
    width: W - 36,
    height: H - 36,
    borderColor: color(NAVY),
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 27,
    y: 27,
    width: W - 54,
    height: H - 54,
    borderColor: color(GOLD),
    borderWidth: 0.8,
  });
  for (const [x, y] of [
    [27, 27],
    [W - 27, 27],
    [27, H - 27],
    [W - 27, H - 27],
  ] as const) {
    const side = 9;
    const half = (side * Math.SQRT2) / 2;
    page.drawRectangle({
      x,
      y: y - half,
      width: side,
      height: side,
      rotate: degrees(45),
      color: color(GOLD),
    });
  }

  // The organisation that issues it, then the title.
  const orgLine = fitted(content.orgName, TEXT, { width: W - 200, size: 15, minSize: 9, maxLines: 1 });
  centred(orgLine.lines[0] ?? '', TEXT, orgLine.size, H - 88, NAVY, { spacing: 1.5 });
  centred(t(l, 'certificate.title'), DISPLAY, 40, H - 150, NAVY);
  page.drawLine({
    start: { x: centre - 70, y: H - 170 },
    end: { x: centre + 70, y: H - 170 },
    thickness: 1.5,
    color: color(GOLD),
  });

  centred(t(l, 'certificate.certifies'), ITALIC, 16, H - 210, SLATE);
  const nameFit = fitted(content.studentName, DISPLAY, {
    width: W - 220,
    size: 38,
    minSize: 18,
    maxLines: 1,
  });
  centred(nameFit.lines[0] ?? '', DISPLAY, nameFit.size, H - 262, NAVY);
  page.drawLine({
    start: { x: centre - 220, y: H - 278 },
    end: { x: centre + 220, y: H - 278 },
    thickness: 0.6,
    color: color(LIGHT),
  });

  centred(t(l, 'certificate.completed'), ITALIC, 16, H - 310, SLATE);
  const courseFit = fitted(content.courseTitle, DISPLAY, {
    width: W - 220,
    size: 26,
    minSize: 14,
    maxLines: 2,
  });
  courseFit.lines.forEach((line, index) => {
    centred(line, DISPLAY, courseFit.size, H - 350 - index * (courseFit.size + 8), NAVY);
  });

  // Date, seal, author: the date first in the reading direction.
  const rowY = 132;
  const column = (value: string, label: string, x: number) => {
    const fit = fitted(value, DISPLAY, { width: 210, size: 15, minSize: 9, maxLines: 1 });
    centred(fit.lines[0] ?? '', DISPLAY, fit.size, rowY, NAVY, { x });
    page.drawLine({
      start: { x: x - 110, y: rowY - 12 },
      end: { x: x + 110, y: rowY - 12 },
      thickness: 0.6,
      color: color(LIGHT),
    });
    centred(label, TEXT, 9, rowY - 28, LIGHT, { x, spacing: 1.2 });
  };
  const [first, last] = direction === 'rtl' ? [W * 0.78, W * 0.22] : [W * 0.22, W * 0.78];
  column(certificateDateText(content.issuedAt, l), t(l, 'certificate.dateOfIssue'), first);
  column(content.authorName, t(l, 'certificate.author'), last);
  page.drawCircle({ x: centre, y: rowY - 4, size: 40, color: color(GOLD) });
  page.drawCircle({ x: centre, y: rowY - 4, size: 34, borderColor: rgb(1, 1, 1), borderWidth: 1 });
  centred(t(l, 'certificate.seal'), TEXT, 8, rowY + 6, [1, 1, 1], { spacing: 1.2 });
  centred(String(content.issuedAt.getUTCFullYear()), DISPLAY, 16, rowY - 14, [1, 1, 1]);

  // The number and where anyone can check it.
  centred(t(l, 'certificate.number', { number: content.number }), TEXT, 10, 62, SLATE, { spacing: 0.3 });
  const verify = fitted(t(l, 'certificate.verify', { url: content.verificationUrl }), TEXT, {
    width: W - 120,
    size: 9,
    minSize: 6,
    maxLines: 1,
  });
  centred(verify.lines[0] ?? '', TEXT, verify.size, 46, LIGHT);

  return doc.save();
}
