import { describe, expect, it } from 'vitest';
import { longFunctions } from './check-function-length.ts';

const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('long functions', () => {
  it('counts a function from its first line to its last, and names it by its declaration or variable', () => {
    const source = [`export function short() {\n${body(78)}\n}`, `const long = () => {\n${body(79)}\n};`].join('\n');
    const found = longFunctions('a.ts', source, 80);
    expect(found).toEqual([{ file: 'a.ts', line: 81, name: 'long', lines: 81 }]);
  });

  it('counts the functions inside a long one in its length, and names a handler by its call and path', () => {
    const source = `export function api() {\n  app.get('/x', async (c) => {\n${body(40)}\n  });\n  app.post('/y', (c) => {\n${body(40)}\n  });\n}`;
    expect(longFunctions('b.ts', source, 80).map((f) => [f.name, f.lines])).toEqual([['api', 86]]);
    expect(longFunctions('b.ts', source, 40).map((f) => f.name)).toEqual(['api', 'app.get(/x)', 'app.post(/y)']);
  });

  it('reads JSX in a .tsx file and names a method', () => {
    const source = `class A {\n  render() {\n    return (\n      <div>\n${body(10)}\n      </div>\n    );\n  }\n}`;
    expect(longFunctions('c.tsx', source, 5).map((f) => f.name)).toEqual(['render']);
  });
});
