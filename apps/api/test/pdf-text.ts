import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
  PDFStream,
} from 'pdf-lib';

/** What a test reads of a PDF: the text of its first page, its fonts and the page's size. */
export type PdfReading = {
  pages: number;
  width: number;
  height: number;
  title: string | undefined;
  /** The text of page 1, one line per text object, as the fonts' ToUnicode maps spell it. */
  text: string;
  /** Each font page 1 uses (once), and whether its program is embedded in the file. */
  fonts: Array<{ name: string; embedded: boolean }>;
};

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

const streamText = (stream: unknown): string => {
  if (stream instanceof PDFRawStream) return latin1(decodePDFRawStream(stream).decode());
  if (stream instanceof PDFStream) return latin1(stream.getContents());
  throw new Error('not a stream');
};

/** UTF-16BE hex (a ToUnicode destination) to text. */
const utf16 = (hex: string): string => {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/** A ToUnicode CMap's mapping from character code to text (bfchar and bfrange entries). */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(code ?? '', 16), utf16(unicode ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = block[1] ?? '';
    for (const [, from, to, start] of body.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      const first = Number.parseInt(from ?? '', 16);
      const base = Number.parseInt(start ?? '', 16);
      for (let code = first; code <= Number.parseInt(to ?? '', 16); code += 1) {
        map.set(code, String.fromCharCode(base + code - first));
      }
    }
    for (const [, from, list] of body.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g)) {
      const first = Number.parseInt(from ?? '', 16);
      [...(list ?? '').matchAll(/<([0-9a-fA-F]+)>/g)].forEach(([, unicode], index) => {
        map.set(first + index, utf16(unicode ?? ''));
      });
    }
  }
  return map;
}

/**
 * Reads a PDF as a person's PDF reader would find it: pdf-lib parses the file (a broken one throws), and
 * page 1's content streams are decoded and their text operators spelled through each font's ToUnicode map.
 * Enough for the PDFs pdf-lib writes (two-byte codes, Tj and TJ), not a general text extractor.
 */
export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPage(0);
  const { width, height } = page.getSize();

  const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<number, string>>();
  const fonts: PdfReading['fonts'] = [];
  for (const [key, ref] of fontDict?.entries() ?? []) {
    const font = doc.context.lookup(ref as PDFRef, PDFDict);
    const toUnicode = font.lookup(PDFName.of('ToUnicode'));
    maps.set(key.asString(), toUnicode ? parseToUnicode(streamText(toUnicode)) : new Map());
    const descendants = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
    const cidFont = descendants ? descendants.lookup(0, PDFDict) : font;
    const descriptor = cidFont.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const program = ['FontFile2', 'FontFile3', 'FontFile']
      .map((name) => descriptor?.lookup(PDFName.of(name)))
      .find((stream) => stream instanceof PDFStream);
    const name = font.lookup(PDFName.of('BaseFont'))?.toString().replace(/^\//, '') ?? key.asString();
    // pdf-lib names a font again on the page each time it draws with it: one entry per font.
    if (fonts.some((known) => known.name === name)) continue;
    fonts.push({ name, embedded: program instanceof PDFStream && program.getContentsSize() > 0 });
  }

  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((item) => doc.context.lookup(item))
      : contents
        ? [contents]
        : [];
  const content = streams.map(streamText).join('\n');

  const lines: string[] = [];
  let line = '';
  let codes = new Map<number, string>();
  const spell = (hex: string) => {
    const clean = hex.replace(/\s+/g, '');
    for (let i = 0; i + 4 <= clean.length; i += 4) {
      line += codes.get(Number.parseInt(clean.slice(i, i + 4), 16)) ?? '\uFFFD';
    }
  };
  const operators = /(\/[^\s/[\]<>()]+)\s+[-\d.]+\s+Tf|<([0-9a-fA-F\s]*)>\s*Tj|\[([^\]]*)\]\s*TJ|\bET\b/g;
  for (const match of content.matchAll(operators)) {
    if (match[1]) codes = maps.get(match[1]) ?? new Map();
    else if (match[2] !== undefined) spell(match[2]);
    else if (match[3] !== undefined)
      for (const [, hex] of match[3].matchAll(/<([0-9a-fA-F\s]*)>/g)) spell(hex ?? '');
    else {
      if (line) lines.push(line);
      line = '';
    }
  }
  if (line) lines.push(line);

  return { pages: doc.getPageCount(), width, height, title: doc.getTitle(), text: lines.join('\n'), fonts };
}
