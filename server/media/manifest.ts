// The media manifest: what the pipeline built for every stable image path, written to
// build/media/manifest.json and read by the server (image metadata for pages).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const manifestEntrySchema = z.object({
  /** Content hash of the source and settings: the token in hashed variant names. */
  v: z.string().regex(/^[0-9a-f]{8}$/),
  /** Intrinsic size of the largest rendering (the stable JPEG). */
  w: z.number().int().positive(),
  h: z.number().int().positive(),
  /** Nominal widths of the variants (file names); the largest may be smaller in pixels for small photos. */
  widths: z.array(z.number().int().positive()).min(1),
  /** A ~16 px wide blurred WebP as a data URI, shown while the image loads. */
  placeholder: z.string().startsWith('data:image/'),
  /** The placeholder's mean colour ("#rrggbb"): what the pages paint while the image loads (absent
   * from a manifest built before colours were kept: its images then load on the page's background). */
  colour: z
    .string()
    .regex(/^#[0-9a-f]{6}$/)
    .optional(),
  /** Where the picture came from: a file under content/images, or the artwork generator. */
  source: z.string(),
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

export const manifestSchema = z.object({
  version: z.literal(1),
  builtAt: z.string(),
  images: z.record(z.string(), manifestEntrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST_FILE = 'manifest.json';

/** Reads a manifest; undefined when there is none (no image build yet). */
export async function readManifest(mediaDir: string): Promise<Manifest | undefined> {
  let raw: string;
  try {
    raw = await readFile(path.join(mediaDir, MANIFEST_FILE), 'utf8');
  } catch {
    return undefined;
  }
  return manifestSchema.parse(JSON.parse(raw));
}

/**
 * The manifest of a media directory, re-read when the file changes (a rebuild while the server
 * runs). Checks the file at most once every `checkMs`.
 */
export function manifestSource(mediaDir: string, checkMs = 5000): () => Promise<Manifest | undefined> {
  let current: Manifest | undefined;
  let mtime = -1;
  let checked = 0;
  let pending: Promise<Manifest | undefined> | undefined;
  const refresh = async () => {
    const info = await stat(path.join(mediaDir, MANIFEST_FILE)).catch(() => undefined);
    const m = info?.mtimeMs ?? 0;
    if (m !== mtime) {
      mtime = m;
      current = info ? await readManifest(mediaDir).catch(() => undefined) : undefined;
    }
    checked = Date.now();
    return current;
  };
  return () => {
    if (Date.now() - checked < checkMs && mtime !== -1) return Promise.resolve(current);
    pending ??= refresh().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
