import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ImageWidth } from '@skillwise/contracts';
import type { Sharp, SharpOptions } from 'sharp';
import type { FileStorage } from './storage';

/**
 * The stored formats that are resized, to the contract's IMAGE_WIDTHS (few, so every variant made is one
 * a page asks for again); a GIF, which may be animated, is served as it was uploaded.
 */
const RESIZABLE = new Set(['jpg', 'png', 'webp']);

/** Larger originals are served as they are rather than read whole into memory to be resized. */
const MAX_INPUT_BYTES = 32 * 1024 ** 2;
/**
 * Larger images are served as they are rather than decoded: libvips holds up to 4 bytes a pixel (8 for
 * 16-bit colour) of what it decodes, so 50 million pixels let three 7000 px covers asked at every width
 * take a quarter of a gigabyte. 25 million is a 24 MP camera's photo; a decompression bomb (a small file
 * of huge dimensions) is refused before it is decoded.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** How many images are resized at once, each on one libvips thread (`sharp.concurrency(1)`). */
export const RESIZES_AT_ONCE = 1;
/** A resize that takes longer is given up (the original is served): no image holds the line for long. */
export const RESIZE_SECONDS = 10;
/** Variants kept in memory, by their bytes: a thousand covers at a few widths in about 16 MiB. */
const DEFAULT_KEPT_BYTES = 16 * 1024 ** 2;
/** What a remembered failure weighs in that budget. */
const FAILURE_BYTES = 64;

/** A resized image, ready to send. */
export type ImageVariant = { body: Buffer; type: 'image/webp'; etag: string };

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;

async function readAll(stream: Readable, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Smaller copies of public images, as WebP (every browser the web app supports shows it), made the first
 * time a width is asked for and kept in memory: a 3000 px photo uploaded as a cover reaches a phone as
 * the few kilobytes it shows. A key names one upload's bytes forever (a replaced image gets a new key),
 * so a variant never goes stale. One image is resized at a time (RESIZES_AT_ONCE), on one libvips
 * thread, within RESIZE_SECONDS and MAX_INPUT_PIXELS, so a burst of new covers cannot take the server's
 * cores or its memory from its requests. An image that cannot be resized (a
 * format libvips cannot read, a file too large, the library missing on this platform) is served as it
 * was uploaded: the caller gets undefined.
 */
export class ImageVariants {
  /** Made variants (and remembered failures, as null), oldest first. */
  private readonly kept = new Map<string, ImageVariant | null>();
  private keptBytes = 0;
  /** Variants being made: concurrent requests for one share the work. */
  private readonly making = new Map<string, Promise<ImageVariant | undefined>>();
  /** Resizes running, and those waiting for a place (at most RESIZES_AT_ONCE run). */
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private library: Promise<SharpFactory | undefined> | undefined;

  constructor(
    private readonly deps: {
      storage: FileStorage;
      keptBytes?: number;
      onError?: (error: unknown, key: string) => void;
      /** Loads the image library; tests give one that fails. */
      load?: () => Promise<SharpFactory>;
    },
  ) {}

  /** Whether `key`'s format is one this resizes. */
  static isResizable(key: string): boolean {
    return RESIZABLE.has(key.split('.').pop() ?? '');
  }

  /** The stored image `key` at `width` (never wider than it is), or undefined to serve the original. */
  async get(key: string, width: ImageWidth): Promise<ImageVariant | undefined> {
    if (!ImageVariants.isResizable(key)) return undefined;
    const id = `${key} ${width}`;
    const kept = this.kept.get(id);
    if (kept !== undefined) {
      // Most recently used goes last: the oldest is the first to go.
      this.kept.delete(id);
      this.kept.set(id, kept);
      return kept ?? undefined;
    }
    const pending = this.making.get(id);
    if (pending) return pending;
    const made = this.enqueue(() => this.make(key, width)).finally(() => this.making.delete(id));
    this.making.set(id, made);
    return made;
  }

  private async enqueue<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= RESIZES_AT_ONCE) await new Promise<void>((start) => this.waiting.push(start));
    else this.running += 1;
    try {
      return await task();
    } finally {
      // The place passes straight to the next in line, so no newcomer slips in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private sharp(): Promise<SharpFactory | undefined> {
    this.library ??= (this.deps.load ?? loadSharp)().catch((error: unknown) => {
      this.deps.onError?.(error, 'the image library');
      return undefined;
    });
    return this.library;
  }

  private async make(key: string, width: ImageWidth): Promise<ImageVariant | undefined> {
    const id = `${key} ${width}`;
    const sharp = await this.sharp();
    if (!sharp) return undefined;
    let variant: ImageVariant | null = null;
    try {
      // The stored size is asked first: a file too large is served as it is, without a byte read.
      const size = await this.deps.storage.size(key);
      const original =
        size !== undefined && size <= MAX_INPUT_BYTES
          ? await readAll(this.deps.storage.read(key), MAX_INPUT_BYTES)
          : undefined;
      if (original) {
        // Read in sequence, so a JPEG or WebP is shrunk while it is decoded and a PNG streams by lines.
        const body = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
          // Turned upright as its EXIF orientation says, as a browser shows the original.
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .timeout({ seconds: RESIZE_SECONDS })
          .toBuffer();
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        variant = { body, type: 'image/webp', etag };
      }
    } catch (error) {
      this.deps.onError?.(error, key);
    }
    this.keep(id, variant);
    return variant ?? undefined;
  }

  private keep(id: string, variant: ImageVariant | null) {
    const limit = this.deps.keptBytes ?? DEFAULT_KEPT_BYTES;
    const weight = variant ? variant.body.length : FAILURE_BYTES;
    if (weight > limit) return;
    this.kept.set(id, variant);
    this.keptBytes += weight;
    for (const [oldest, value] of this.kept) {
      if (this.keptBytes <= limit) break;
      this.kept.delete(oldest);
      this.keptBytes -= value ? value.body.length : FAILURE_BYTES;
    }
  }
}

/** sharp (libvips), loaded with the first resize: a server that never resizes never maps it in. */
async function loadSharp(): Promise<SharpFactory> {
  const { default: sharp } = await import('sharp');
  sharp.concurrency(1);
  // Variants are kept here; libvips' own cache of decoded images would only hold memory.
  sharp.cache(false);
  return sharp;
}
