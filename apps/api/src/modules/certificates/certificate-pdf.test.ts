import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import { eq } from 'drizzle-orm';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { readPdf } from '../../../test/pdf-text';
import { certificates, organisations, users } from '../../db/schema';
import { certificateDateText, layoutLine, renderCertificatePdf } from './certificate-pdf';
import { newCertificateNumber } from './certificates.service';

/**
 * The certificate in its student's language, else its school's (docs/decisions/047): Arabic shaped (the
 * joined forms of its letters) and laid out right to left, in any certificate (an Arabic name on an
 * English one); the date through Intl in the language.
 */
const require = createRequire(import.meta.url);
type Glyphs = { glyphs: Array<{ id: number; name: string }> };
const naskh = (fontkit as unknown as { create(bytes: Uint8Array): { layout(text: string): Glyphs } }).create(
  readFileSync(require.resolve('@expo-google-fonts/noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf')),
);

/** The page's content stream as text. */
async function pageContent(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) =>
      stream instanceof PDFRawStream
        ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
        : '',
    )
    .join('\n');
}

/** The glyph ids a content stream shows one by one (`<id> Tj`), in drawing order. */
const shownGlyphs = (content: string): number[] =>
  [...content.matchAll(/<([0-9A-Fa-f]{4})> Tj/g)].map((match) => Number.parseInt(match[1] ?? '', 16));

const content = {
  number: 'SW-7K3M-Q9PX',
  studentName: 'محمد',
  courseTitle: 'مقدمة في البرمجة (Python 3)',
  orgName: 'Academia Ñandú',
  authorName: 'Ana López',
  issuedAt: new Date('2026-03-12T10:00:00Z'),
  verificationUrl: 'https://learn.example.com/certificates/SW-7K3M-Q9PX',
};

describe('the certificate PDF', () => {
  test('in Arabic: its words and the name shaped, drawn right to left, its fonts embedded', async () => {
    const bytes = await renderCertificatePdf({ ...content, language: 'ar' });
    const pdf = await readPdf(bytes);
    expect(pdf.title).toBe('شهادة إتمام SW-7K3M-Q9PX');
    expect(pdf.fonts.some((font) => font.name.includes('NotoNaskhArabic'))).toBe(true);
    expect(pdf.fonts.every((font) => font.embedded)).toBe(true);

    // The name's letters join: fontkit's contextual forms, the first letter (rightmost) last drawn.
    const shaped = naskh.layout('محمد').glyphs;
    expect(shaped.map((glyph) => glyph.name)).toEqual([
      'uni062F.fina',
      'uni0645.medi',
      'uni062D.medi',
      'uni0645.init',
    ]);
    const shown = shownGlyphs(await pageContent(bytes)).join(',');
    expect(shown).toContain(shaped.map((glyph) => glyph.id).join(','));
    // So do the certificate's own words.
    const title = naskh.layout('شهادة إتمام').glyphs.map((glyph) => glyph.id);
    expect(shown).toContain(title.join(','));
  });

  test('a line mixing scripts is ordered by the bidirectional algorithm', () => {
    const face = (name: string, covers: string) => ({
      font: { name } as never,
      covers: new Set([...covers].map((c) => c.codePointAt(0) ?? 0)),
    });
    const arabic = face('arabic', 'مقدمةفيالبرجح() ');
    const latin = face('latin', 'Python3() ');
    const runs = layoutLine(bidiFactory(), content.courseTitle, [latin], arabic, 'rtl');
    // Left to right on the page: "(", "Python 3", then the Arabic words read from the right, ")" turned.
    expect(runs.map((run) => [run.text, run.rtl])).toEqual([
      ['(', true],
      ['Python 3', false],
      ['مقدمة في البرمجة )', true],
    ]);
    const english = layoutLine(bidiFactory(), 'Zoë محمد Smith', [face('latin', 'ZoëSmith ')], arabic, 'ltr');
    expect(english.map((run) => run.text)).toEqual(['Zoë ', 'محمد', ' Smith']);
  });

  test('the date through Intl in the certificate’s language', () => {
    expect(certificateDateText(content.issuedAt)).toBe('March 12, 2026');
    expect(certificateDateText(content.issuedAt, 'es')).toBe('12 de marzo de 2026');
    expect(certificateDateText(content.issuedAt, 'ar')).toBe(
      new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(content.issuedAt),
    );
  });
});

describe('certificates/Download', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://learn.example.com' });
  });
  afterAll(async () => ctx.close());

  async function downloaded(school: 'en' | 'es' | 'ar', own: 'en' | 'es' | 'ar' | null, name: string) {
    const publisher = await createPublisher(ctx);
    const orgId = publisher.orgId ?? 0;
    await ctx.database.db.update(organisations).set({ language: school }).where(eq(organisations.id, orgId));
    const course = await createCourse(ctx, orgId, { title: 'Knots at Sea' });
    const learner = await createStudent(ctx, name);
    await ctx.database.db.update(users).set({ language: own }).where(eq(users.id, learner.userId));
    const number = newCertificateNumber();
    await ctx.database.db.insert(certificates).values({
      number,
      userId: learner.userId,
      courseId: course.id,
      studentName: name,
      courseTitle: 'Knots at Sea',
      orgName: 'Test School',
      authorName: 'Ada Lovelace',
    });
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/certificates/Download/${number}`,
      token: learner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { number, pdf: await readPdf(res.rawPayload) };
  }

  test('the student’s language over the school’s', async () => {
    const { number, pdf } = await downloaded('es', 'ar', 'محمد عبد الله');
    expect(pdf.title).toBe(`شهادة إتمام ${number}`);
  });

  test('the school’s language when the student chose none; English by default', async () => {
    const spanish = await downloaded('es', null, 'Zoë Ñúñez');
    const lines = spanish.pdf.text.split('\n');
    expect(lines).toContain('Certificado de finalización');
    expect(lines).toContain('Zoë Ñúñez');
    expect(lines).toContain(`Certificado número ${spanish.number}`);

    const english = await downloaded('en', null, 'Sam محمد');
    expect(english.pdf.text.split('\n')).toContain('Certificate of Completion');
    expect(english.pdf.fonts.some((font) => font.name.includes('NotoNaskhArabic'))).toBe(true);
  });
});
