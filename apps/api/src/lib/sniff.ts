/** What a file is, judged by its first bytes, never by its name or the client's Content-Type. */
export type Sniffed = { mime: string; kind: 'image' | 'video' | 'audio' | 'pdf' | 'text' };

/** Bytes to read before deciding. */
export const SNIFF_BYTES = 4100;

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  bytes.length >= offset + text.length && [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ISO_VIDEO_BRANDS = [
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
  'mmp4',
  'MSNV',
];

/**
 * Recognises the formats lessons, covers and photos may be: JPEG, PNG, GIF, WebP, PDF, MP4/M4V, QuickTime,
 * WebM/Matroska, Ogg, MP3, WAV, M4A, FLAC, and plain UTF-8 text. Anything else (HTML, SVG, scripts,
 * archives, executables) answers undefined.
 */
export function sniff(bytes: Uint8Array): Sniffed | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', kind: 'image' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', kind: 'image' };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { mime: 'image/gif', kind: 'image' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return { mime: 'image/webp', kind: 'image' };
  if (ascii(bytes, 0, '%PDF-')) return { mime: 'application/pdf', kind: 'pdf' };
  if (ascii(bytes, 4, 'ftyp')) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (brand === 'qt  ') return { mime: 'video/quicktime', kind: 'video' };
    if (brand === 'M4A ' || brand === 'M4B ') return { mime: 'audio/mp4', kind: 'audio' };
    if (ISO_VIDEO_BRANDS.includes(brand) || brand.startsWith('3g'))
      return { mime: 'video/mp4', kind: 'video' };
    return undefined;
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    const head = String.fromCharCode(...bytes.slice(0, 64));
    return head.includes('webm')
      ? { mime: 'video/webm', kind: 'video' }
      : { mime: 'video/x-matroska', kind: 'video' };
  }
  if (ascii(bytes, 0, 'OggS')) {
    const head = String.fromCharCode(...bytes.slice(0, 64));
    return head.includes('theora')
      ? { mime: 'video/ogg', kind: 'video' }
      : { mime: 'audio/ogg', kind: 'audio' };
  }
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return { mime: 'audio/wav', kind: 'audio' };
  if (ascii(bytes, 0, 'fLaC')) return { mime: 'audio/flac', kind: 'audio' };
  if (
    ascii(bytes, 0, 'ID3') ||
    (bytes.length > 1 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)
  ) {
    return { mime: 'audio/mpeg', kind: 'audio' };
  }
  if (isPlainText(bytes)) return { mime: 'text/plain', kind: 'text' };
  return undefined;
}

/** UTF-8 without control characters other than whitespace, and nothing a browser would take for markup. */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) {
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  }
  // The last character may be cut in the middle of a multi-byte sequence: decode leniently at the end.
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(trimPartialUtf8(bytes));
  } catch {
    return false;
  }
  const head = text.trimStart().slice(0, 256).toLowerCase();
  return !/^<(?:!doctype|html|head|body|script|svg|\?xml)/.test(head);
}

function trimPartialUtf8(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const b = bytes[end - back] ?? 0;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (need > back) end -= back;
    break;
  }
  return bytes.subarray(0, end);
}
