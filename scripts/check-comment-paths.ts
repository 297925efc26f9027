// Comments and Markdown that name a source file of the project must name one that exists: a file
// that was moved or removed leaves the comments about it behind, and they then send the reader
// nowhere. Part of `npm run lint`.
//
// A path counts when it ends in .ts, .tsx, .mjs, .css or .sh and has a folder or ./ in it
// (`server/app.ts`, `./check-comment-paths.ts`). It is looked for beside the file that names it
// and in each folder above, up to the repository's root, so a `lib/…` path in a comment under
// app/ finds app/lib/…. Paths under build/ or data/ (made at run time) and paths with a wildcard or a
// placeholder (`server/**/*-cli.ts`, `<name>.ts`) are not checked. In code, only comments are read.
//
// Usage: node scripts/check-comment-paths.ts   (exits 1 and lists each missing path)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CODE = /\.(ts|tsx|mjs|css)$/;
const PROSE = /\.md$/;
const FILE = String.raw`[\w+-][\w.+-]*\.(?:ts|tsx|mjs|css|sh)`;
const NAMED = new RegExp(String.raw`(?<![\w.@/-])((?:\.{1,2}\/)+(?:[\w+-][\w.+-]*\/)*${FILE}|(?:[\w+-][\w.+-]*\/)+${FILE})(?![\w/-])`, 'g');
const RUN_TIME = /^(build|data|node_modules|\.cache)\//;

export interface Missing {
  file: string;
  line: number;
  named: string;
}

/** The comment text of each line of a source file (other text blanked out, line numbers kept). */
export function commentLines(source: string, css = false): string[] {
  const out: string[] = [];
  let line = '';
  let i = 0;
  const push = () => {
    out.push(line);
    line = '';
  };
  const skipString = (q: string) => {
    i++;
    while (i < source.length && source[i] !== q) {
      if (source[i] === '\\') i++;
      else if (source[i] === '\n') {
        if (q !== '`') break;
        push();
      }
      i++;
    }
    i++;
  };
  while (i < source.length) {
    const c = source[i]!;
    const two = source.slice(i, i + 2);
    if (c === '\n') {
      push();
      i++;
    } else if (two === '/*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      for (const ch of source.slice(i, stop)) {
        if (ch === '\n') push();
        else line += ch;
      }
      i = stop;
    } else if (two === '//' && !css) {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      line += source.slice(i, stop);
      i = stop;
    } else if (c === "'" || c === '"' || (c === '`' && !css)) {
      skipString(c);
    } else {
      i++;
    }
  }
  push();
  return out;
}

/** The project paths a text names that do not exist (exists: is this repository path a file or folder?). */
export function missingPaths(file: string, lines: string[], exists: (repoPath: string) => boolean): Missing[] {
  const found: Missing[] = [];
  const dir = path.posix.dirname(file);
  lines.forEach((text, n) => {
    for (const [, named] of text.matchAll(NAMED)) {
      if (!named || RUN_TIME.test(named)) continue;
      const bases: string[] = [];
      for (let d = dir; ; d = path.posix.dirname(d)) {
        bases.push(d);
        if (d === '.' || d === '/') break;
      }
      const relative = named.startsWith('./') || named.startsWith('../');
      const candidates = relative ? [path.posix.join(dir, named)] : bases.map((b) => path.posix.join(b, named));
      if (!candidates.some((c) => !c.startsWith('..') && exists(c))) found.push({ file, line: n + 1, named });
    }
  });
  return found;
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => (CODE.test(f) || PROSE.test(f)) && existsSync(path.join(root, f)));
  const exists = (p: string) => existsSync(path.join(root, p));
  const missing: Missing[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = PROSE.test(file) ? text.split('\n') : commentLines(text, file.endsWith('.css'));
    missing.push(...missingPaths(file, lines, exists));
  }
  for (const m of missing) console.error(`${m.file}:${m.line}: names ${m.named}, which does not exist`);
  if (missing.length) {
    console.error(`${missing.length} comment(s) name a file that does not exist: correct them to name what is there now.`);
    process.exit(1);
  }
  console.log(`Comment paths: ${files.length} files checked, every file they name exists.`);
}

if (import.meta.main) main();
