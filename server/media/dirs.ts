import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Where /images/... files are looked up, in order: the pipeline's output, then the sources. */
export function mediaDirs(): string[] {
  return [path.join(root, 'build', 'media'), path.join(root, 'content', 'images')];
}
