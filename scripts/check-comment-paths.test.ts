import { describe, expect, it } from 'vitest';
import { commentLines, missingPaths } from './check-comment-paths.ts';

const tree = new Set(['server', 'server/app.ts', 'server/db', 'server/db/index.ts', 'app', 'app/lib', 'app/lib/meta.ts', 'app/routes', 'app/routes/home.tsx']);
const exists = (p: string) => tree.has(p);

describe('comment lines', () => {
  it('keeps line comments and block comments on their own lines, and nothing of the code', () => {
    const source = [
      "import { x } from './server/gone.ts'; // see server/app.ts",
      '/** Built by',
      ' * server/db/index.ts */',
      "const url = 'http://example.com/a/b.ts';",
      'const t = `line one',
      'app/lib/gone.ts in a template`;',
    ].join('\n');
    const lines = commentLines(source);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('// see server/app.ts');
    expect(lines[1]).toBe('/** Built by');
    expect(lines[2]).toBe(' * server/db/index.ts */');
    expect(lines[3]).toBe('');
    expect(lines.join('\n')).not.toContain('gone.ts');
  });

  it('reads // as text in a stylesheet (URLs), and only /* */ as comments', () => {
    const lines = commentLines('a { background: url(https://x.test/a.css); }\n/* components/Price.tsx */', true);
    expect(lines).toEqual(['', '/* components/Price.tsx */']);
  });
});

describe('missing paths', () => {
  it('finds a path from the root, from the folders above, or relative to the file', () => {
    const lines = ['// server/app.ts and lib/meta.ts', '// ../lib/meta.ts and ./home.tsx'];
    expect(missingPaths('app/routes/home.tsx', lines, exists)).toEqual([]);
  });

  it('names each path that is nowhere, with its line', () => {
    const lines = ['// server/api/typed.ts builds them', '// fine: server/app.ts', '// ./gone.tsx'];
    expect(missingPaths('app/routes/home.tsx', lines, exists)).toEqual([
      { file: 'app/routes/home.tsx', line: 1, named: 'server/api/typed.ts' },
      { file: 'app/routes/home.tsx', line: 3, named: './gone.tsx' },
    ]);
  });

  it('does not look outside the repository for a relative path', () => {
    expect(missingPaths('server/app.ts', ['// ../../server/app.ts'], exists)).toEqual([{ file: 'server/app.ts', line: 1, named: '../../server/app.ts' }]);
  });

  it('leaves out what is made at run time, wildcards, package paths and files without a folder', () => {
    const lines = ['// build/server/index.js build/media/x.ts data/uploads/a.ts', '// server/**/*-cli.ts @scope/pkg/dist/a.ts', '// start.ts alone'];
    expect(missingPaths('server/app.ts', lines, exists)).toEqual([]);
  });
});
