import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ErrorCode, type ImageWidth } from '@pricehunt/contracts';
import { FetchTimeoutError, FetchTooLargeError, SafeFetchError, type SafeHttpClient } from '@pricehunt/catalog-identity';
import { HttpError } from '@pricehunt/http-errors';

/** Largest picture fetched from a source. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Largest picture decoded, in pixels (width × height): a small file may still unpack into gigabytes. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Redirects a source may take. */
export const IMAGE_MAX_REDIRECTS = 3;
/** How long a source that failed is answered its failure without being fetched again. */
export const IMAGE_FAILURE_TTL_MS = 5 * 60_000;
/** Pictures resized at once (each on a thread of libuv's pool): the rest wait their turn. */
const RESIZE_CONCURRENCY = 2;

export type ImageFormat = 'webp' | 'jpeg';
export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = { webp: 'image/webp', jpeg: 'image/jpeg' };

/** Formats a source may be in; SVG is not among them (a document, not a picture: scripts, external references). */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface RenderedImage {
  body: Buffer;
  format: ImageFormat;
}

/** A source that cannot be served: answered as the error envelope with its status (502 or 504). */
export class ImageSourceError extends HttpError {
  constructor(statusCode: 502 | 504, message: string) {
    super(statusCode, ErrorCode.badGateway, message);
    this.name = 'ImageSourceError';
  }
}

export interface ImageServiceOptions {
  /** Folder of the cache: `originals/` (the sources' bytes) and `resized/` (what is served). */
  cacheDir: string;
  /** The SSRF-safe fetcher sources are read with (its size cap should be `maxBytes`). */
  fetcher: SafeHttpClient;
  maxBytes?: number;
  maxPixels?: number;
  /** Clock of the failure cache (tests). */
  now?: () => number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes a file whole or not at all: a reader never sees half of it, two writers of one file leave one whole copy. */
async function writeAtomically(file: string, body: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, body);
  await fs.rename(temporary, file);
}

async function readIfThere(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A queue of at most `limit` tasks running at once. */
function limiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** The source's bytes through the SSRF-safe fetcher; a refusal or failure is an ImageSourceError. */
async function download(fetcher: SafeHttpClient, maxBytes: number, sourceUrl: string): Promise<Buffer> {
  let answer: { status: number; bytes: Buffer | null };
  try {
    answer = await fetcher.request(sourceUrl, {
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
      read: async (response) => {
        if (response.status !== 200) return { status: response.status, bytes: null };
        const chunks: Buffer[] = [];
        for await (const chunk of response.body) chunks.push(chunk);
        return { status: 200, bytes: Buffer.concat(chunks) };
      },
    });
  } catch (error) {
    if (error instanceof FetchTimeoutError) throw new ImageSourceError(504, "The picture's source did not answer in time");
    if (error instanceof FetchTooLargeError) throw new ImageSourceError(502, `The picture's source is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    if (error instanceof SafeFetchError) throw new ImageSourceError(502, "The picture's source cannot be reached");
    throw error;
  }
  if (!answer.bytes) throw new ImageSourceError(502, `The picture's source answered ${answer.status}`);
  return answer.bytes;
}

/** Throws unless the bytes are a picture of a known format within the pixel limit. */
async function check(bytes: Buffer, maxPixels: number): Promise<void> {
  let metadata: sharp.Metadata;
  try {
    // The header alone: nothing is decoded yet, so the pixel count is checked here, not by sharp's limit.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageSourceError(502, "The picture's source is not a picture");
  }
  if (!metadata.format || !SOURCE_FORMATS.has(metadata.format)) throw new ImageSourceError(502, "The picture's source is not a picture of a known format");
  if (!metadata.width || !metadata.height) throw new ImageSourceError(502, "The picture's source is not a picture");
  if (metadata.width * metadata.height > maxPixels) throw new ImageSourceError(502, "The picture's source has too many pixels");
}

/**
 * Catalog pictures for the image route: a source is fetched once through the SSRF-safe fetcher (size cap, deadline,
 * redirect limit), checked to be a picture of a known format and bounded size, and kept on disk; each width and format
 * asked for is made from it once with sharp and kept beside it. Concurrent requests for one picture share one fetch and
 * one resize; a source that failed answers its failure for IMAGE_FAILURE_TTL_MS without being fetched again.
 */
export function createImageService(options: ImageServiceOptions) {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const maxPixels = options.maxPixels ?? IMAGE_MAX_PIXELS;
  const now = options.now ?? Date.now;
  const originalsDir = path.join(options.cacheDir, 'originals');
  const resizedDir = path.join(options.cacheDir, 'resized');
  const inFlight = new Map<string, Promise<unknown>>();
  const failures = new Map<string, { until: number; error: ImageSourceError }>();
  const resizeSlot = limiter(RESIZE_CONCURRENCY);

  /** One promise per key while it runs: callers asking meanwhile share it. */
  function once<T>(key: string, task: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = task().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  /** The source's bytes: from the cache, else fetched and checked (and kept). */
  function original(sourceUrl: string, key: string): Promise<Buffer> {
    return once(`original:${key}`, async () => {
      const file = path.join(originalsDir, key.slice(0, 2), key);
      const cached = await readIfThere(file);
      if (cached) return cached;
      const failed = failures.get(key);
      if (failed && failed.until > now()) throw failed.error;
      try {
        const bytes = await download(options.fetcher, maxBytes, sourceUrl);
        await check(bytes, maxPixels);
        await writeAtomically(file, bytes);
        failures.delete(key);
        return bytes;
      } catch (error) {
        if (error instanceof ImageSourceError) failures.set(key, { until: now() + IMAGE_FAILURE_TTL_MS, error });
        throw error;
      }
    });
  }

  async function resize(bytes: Buffer, width: ImageWidth, format: ImageFormat): Promise<RenderedImage> {
    return resizeSlot(async () => {
      try {
        // `rotate()` applies the EXIF orientation; no enlargement: a small source stays its size.
        let pipeline = sharp(bytes, { limitInputPixels: maxPixels, animated: false }).rotate().resize({ width, withoutEnlargement: true });
        pipeline = format === 'webp' ? pipeline.webp({ quality: 80 }) : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true });
        return { body: await pipeline.toBuffer(), format };
      } catch {
        throw new ImageSourceError(502, "The picture's source cannot be read as a picture");
      }
    });
  }

  return {
    /** The picture of `sourceUrl` at `width` in `format`, from the cache or made now. */
    render(sourceUrl: string, width: ImageWidth, format: ImageFormat): Promise<RenderedImage> {
      const key = sha256(sourceUrl);
      const resizedKey = `${key}-${width}.${format}`;
      return once(`resized:${resizedKey}`, async () => {
        const file = path.join(resizedDir, key.slice(0, 2), resizedKey);
        const cached = await readIfThere(file);
        if (cached) return { body: cached, format };
        const rendered = await resize(await original(sourceUrl, key), width, format);
        await writeAtomically(file, rendered.body);
        return rendered;
      });
    },
    /** An ETag of the picture of `sourceUrl` at `width` in `format`. */
    etag(sourceUrl: string, width: ImageWidth, format: ImageFormat): string {
      return `"${sha256(sourceUrl).slice(0, 24)}-${width}-${format}"`;
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
