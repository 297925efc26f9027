// `npm run build` step: renders every content image into build/media (see pipeline.ts).
// Usage: node server/media/build.ts [--concurrency N]
import os from 'node:os';
import path from 'node:path';
import { buildMedia } from './pipeline.ts';

const root = path.resolve(import.meta.dirname, '../..');
const arg = process.argv.indexOf('--concurrency');
const concurrency = arg > 0 ? Number(process.argv[arg + 1]) : Math.max(1, Math.min(os.availableParallelism(), 4));

const report = await buildMedia({
  contentDir: path.join(root, 'content'),
  outDir: path.join(root, 'build', 'media'),
  cacheDir: path.join(root, '.cache', 'media'),
  concurrency,
  log: (m) => console.log(m),
});
for (const w of report.warnings) console.warn(`images: warning: ${w}`);
console.log(
  `images: ${report.images} images (${report.rendered} rendered, ${report.cached} from cache), ${report.files} files, ` +
    `${(report.bytes / 1024 / 1024).toFixed(1)} MB, ${(report.ms / 1000).toFixed(1)} s (${(report.cpuMs / 1000).toFixed(1)} s of CPU)`,
);
