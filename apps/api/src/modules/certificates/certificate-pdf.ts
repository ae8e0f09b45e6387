import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFFont, PDFPage } from 'pdf-lib';

/** What a certificate says: the snapshot kept in its row, and the address that verifies it. */
export type CertificateContent = {
  number: string;
  studentName: string;
  courseTitle: string;
  orgName: string;
  authorName: string;
  issuedAt: Date;
  verificationUrl: string;
};

/** The date as the certificate prints it, in UTC so every server prints the same: 'March 12, 2026'. */
export const certificateDateText = (date: Date): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

const require = createRequire(import.meta.url);

/**
 * The fonts come with npm packages (SIL Open Font License 1.1, which allows embedding them in
 * documents), so nothing is fetched at run time. Playfair Display is embedded as a subset of the glyphs
 * used. Source Sans 3 is embedded whole: pdf-lib's subset of it draws no glyphs (checked by rendering).
 */
const FONT_FILES = {
  display: '@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf',
  italic: '@expo-google-fonts/playfair-display/400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf',
  text: '@expo-google-fonts/source-sans-3/400Regular/SourceSans3_400Regular.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

/** The libraries and font files, loaded with the first certificate and kept (about 1 MB). */
type Fontkit = typeof import('@pdf-lib/fontkit');
type Kit = {
  pdf: typeof import('pdf-lib');
  fontkit: Fontkit;
  fonts: Record<FontName, Uint8Array>;
};
let kit: Promise<Kit> | undefined;

const loadKit = (): Promise<Kit> => {
  kit ??= (async () => {
    const [pdf, fontkit, display, italic, text] = await Promise.all([
      import('pdf-lib'),
      import('@pdf-lib/fontkit'),
      readFile(require.resolve(FONT_FILES.display)),
      readFile(require.resolve(FONT_FILES.italic)),
      readFile(require.resolve(FONT_FILES.text)),
    ]);
    // A CommonJS module: Node answers its exports as `default`, a bundler may answer them directly.
    const kitModule = fontkit as Fontkit & { default?: Fontkit };
    return { pdf, fontkit: kitModule.default ?? kitModule, fonts: { display, italic, text } };
  })().catch((error: unknown) => {
    kit = undefined;
    throw error;
  });
  return kit;
};

type Fonts = Record<FontName, PDFFont>;

/** A font with the code points it can draw. */
type Face = { font: PDFFont; covers: Set<number> };

/**
 * Text in the first face that has a glyph for every character of it; when none has, the last face with
 * the characters it lacks shown as '?' (a name in a script the fonts do not cover: the verification page
 * shows it as written).
 */
const drawable = (text: string, faces: Face[]): { text: string; font: PDFFont } => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  for (const face of faces) {
    if (chars.every((char) => char === ' ' || face.covers.has(char.codePointAt(0) ?? 0))) {
      return { text: chars.join(''), font: face.font };
    }
  }
  const last = faces[faces.length - 1] as Face;
  return {
    text: chars
      .map((char) => (char === ' ' || last.covers.has(char.codePointAt(0) ?? 0) ? char : '?'))
      .join(''),
    font: last.font,
  };
};

/** Words over at most `maxLines` lines of `width`, at the largest size from `size` down to `minSize`. */
const fitLines = (
  text: string,
  font: PDFFont,
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
      if (line && font.widthOfTextAtSize(next, s) > width) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    lines.push(line);
    if (lines.length <= maxLines && lines.every((l) => font.widthOfTextAtSize(l, s) <= width)) {
      return { lines, size: s };
    }
  }
  // Still too long at the smallest size: the last line is cut with an ellipsis.
  const lines: string[] = [];
  let rest = text;
  while (rest && lines.length < maxLines) {
    let cut = rest.length;
    while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), minSize) > width) cut -= 1;
    const isLast = lines.length === maxLines - 1;
    if (isLast && cut < rest.length) {
      let end = cut;
      while (end > 1 && font.widthOfTextAtSize(`${rest.slice(0, end).trimEnd()}…`, minSize) > width) end -= 1;
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
 * that verifies it; its fonts embedded.
 */
export async function renderCertificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const { pdf, fontkit, fonts: files } = await loadKit();
  const { PDFDocument, PageSizes, rgb, degrees, pushGraphicsState, popGraphicsState, setCharacterSpacing } =
    pdf;
  const color = (c: readonly [number, number, number]) => rgb(c[0], c[1], c[2]);

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts: Fonts = {
    display: await doc.embedFont(files.display, { subset: true }),
    italic: await doc.embedFont(files.italic, { subset: true }),
    text: await doc.embedFont(files.text, { subset: false }),
  };
  const face = (font: PDFFont): Face => ({ font, covers: new Set(font.getCharacterSet()) });
  const display = face(fonts.display);
  const text = face(fonts.text);

  doc.setTitle(`Certificate of Completion ${content.number}`);
  doc.setSubject(content.courseTitle);
  doc.setAuthor(content.orgName);
  doc.setCreator('Skillwise');
  doc.setLanguage('en');
  doc.setCreationDate(content.issuedAt);
  doc.setModificationDate(content.issuedAt);

  const [a4Width, a4Height] = PageSizes.A4;
  const page: PDFPage = doc.addPage([a4Height, a4Width]);
  const { width: W, height: H } = page.getSize();
  const centre = W / 2;

  /** One line centred on `x`, with `spacing` points between letters. */
  const centred = (
    line: string,
    font: PDFFont,
    size: number,
    y: number,
    rgbColor: readonly [number, number, number],
    options: { x?: number; spacing?: number } = {},
  ) => {
    const spacing = options.spacing ?? 0;
    const width = font.widthOfTextAtSize(line, size) + spacing * Math.max([...line].length - 1, 0);
    const x = (options.x ?? centre) - width / 2;
    if (spacing) page.pushOperators(pushGraphicsState(), setCharacterSpacing(spacing));
    page.drawText(line, { x, y, size, font, color: color(rgbColor) });
    if (spacing) page.pushOperators(popGraphicsState());
  };

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
  const org = drawable(content.orgName, [text, display]);
  const orgLine = fitLines(org.text, org.font, W - 200, 15, 9, 1);
  centred(orgLine.lines[0] ?? '', org.font, orgLine.size, H - 88, NAVY, { spacing: 1.5 });
  centred('Certificate of Completion', fonts.display, 40, H - 150, NAVY);
  page.drawLine({
    start: { x: centre - 70, y: H - 170 },
    end: { x: centre + 70, y: H - 170 },
    thickness: 1.5,
    color: color(GOLD),
  });

  centred('This certifies that', fonts.italic, 16, H - 210, SLATE);
  const name = drawable(content.studentName, [display, text]);
  const nameFit = fitLines(name.text, name.font, W - 220, 38, 18, 1);
  centred(nameFit.lines[0] ?? '', name.font, nameFit.size, H - 262, NAVY);
  page.drawLine({
    start: { x: centre - 220, y: H - 278 },
    end: { x: centre + 220, y: H - 278 },
    thickness: 0.6,
    color: color(LIGHT),
  });

  centred('has successfully completed the course', fonts.italic, 16, H - 310, SLATE);
  const course = drawable(content.courseTitle, [display, text]);
  const courseFit = fitLines(course.text, course.font, W - 220, 26, 14, 2);
  courseFit.lines.forEach((line, index) => {
    centred(line, course.font, courseFit.size, H - 350 - index * (courseFit.size + 8), NAVY);
  });

  // Date, seal, author.
  const rowY = 132;
  const column = (value: string, label: string, x: number) => {
    const shown = drawable(value, [display, text]);
    const fit = fitLines(shown.text, shown.font, 210, 15, 9, 1);
    centred(fit.lines[0] ?? '', shown.font, fit.size, rowY, NAVY, { x });
    page.drawLine({
      start: { x: x - 110, y: rowY - 12 },
      end: { x: x + 110, y: rowY - 12 },
      thickness: 0.6,
      color: color(LIGHT),
    });
    centred(label, fonts.text, 9, rowY - 28, LIGHT, { x, spacing: 1.2 });
  };
  column(certificateDateText(content.issuedAt), 'DATE OF ISSUE', W * 0.22);
  column(content.authorName, 'AUTHOR', W * 0.78);
  page.drawCircle({ x: centre, y: rowY - 4, size: 40, color: color(GOLD) });
  page.drawCircle({ x: centre, y: rowY - 4, size: 34, borderColor: rgb(1, 1, 1), borderWidth: 1 });
  centred('CERTIFIED', fonts.text, 8, rowY + 6, [1, 1, 1], { spacing: 1.2 });
  centred(String(content.issuedAt.getUTCFullYear()), fonts.display, 16, rowY - 14, [1, 1, 1]);

  // The number and where anyone can check it.
  centred(`Certificate number ${content.number}`, fonts.text, 10, 62, SLATE, { spacing: 0.3 });
  const verify = drawable(`Verify this certificate at ${content.verificationUrl}`, [text]);
  const verifyFit = fitLines(verify.text, verify.font, W - 120, 9, 6, 1);
  centred(verifyFit.lines[0] ?? '', verify.font, verifyFit.size, 46, LIGHT);

  return doc.save();
}
