// No production function longer than 80 lines: a longer one is split into named parts a reader
// understands (a route factory into one handler per route, a screen into its sections). Part of
// `npm run lint`.
//
// Every function counts (declarations, expressions, arrows, methods, accessors), from its first
// line to its last, the functions inside it included. Read: the code under app/, server/ and
// common/, not tests, not the migrations. A function on the allow-list below may be longer: a
// component that is only markup (layout data, no logic), or a file another piece of work is
// changing at the moment.
//
// Usage: node scripts/check-function-length.ts   (exits 1 and lists each function over the limit)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_LINES = 80;

/** `file#function` (the name as the report gives it) that may be longer, each with its reason. */
export const ALLOWED: Record<string, string> = {
  // Markup only (layout data): a public page's sections in order, with no logic of their own.
  'app/routes/home.tsx#Home': 'markup only',
};

const SOURCE = /^(app|server|common)\/.*\.(ts|tsx)$/;
const NOT_PRODUCTION = /(\.test\.tsx?$|\.fixture\.ts$|^server\/db\/migrations\/)/;

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** The name a function is known by: its own, or what it is assigned to, passed to or returned as. */
function functionName(node: ts.Node, source: ts.SourceFile): string {
  const own = (node as ts.FunctionLikeDeclaration).name;
  if (own && (ts.isIdentifier(own) || ts.isStringLiteral(own) || ts.isPrivateIdentifier(own))) return own.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))) return parent.name.text;
  if (ts.isExportAssignment(parent)) return 'default';
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` ${first.text}` : '';
    return `${callee}(${label.trim()})`;
  }
  return '(anonymous)';
}

/** The functions of one file longer than `max` lines. */
export function longFunctions(file: string, text: string, max = MAX_LINES): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ file, line: first + 1, name: functionName(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => SOURCE.test(f) && !NOT_PRODUCTION.test(f));
  const found: LongFunction[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    }
    found.push(...longFunctions(file, text));
  }
  const over = found.filter((f) => !Object.hasOwn(ALLOWED, `${f.file}#${f.name}`));
  const stale = Object.keys(ALLOWED).filter((key) => !found.some((f) => `${f.file}#${f.name}` === key));
  for (const key of stale) console.warn(`${key} is allowed but no longer over ${MAX_LINES} lines: take it off the list.`);
  for (const f of over) console.error(`${f.file}:${f.line}: ${f.name} is ${f.lines} lines (at most ${MAX_LINES})`);
  if (over.length) {
    console.error(`${over.length} function(s) over ${MAX_LINES} lines: split them into named parts.`);
    process.exit(1);
  }
  console.log(`Function length: ${files.length} files checked, none over ${MAX_LINES} lines (${found.length} allowed by name).`);
}

if (import.meta.main) main();
