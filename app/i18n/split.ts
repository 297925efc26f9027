// The pages' messages split per route, at compile time (scripts/compile-catalogues.ts): the keys
// each route module and the modules it imports use, read off their source (TypeScript's parser),
// then a plan of chunks: one shared by every page (the root's keys and those most routes use) and
// one per route module with the rest of its keys. A key is used where its name is written as a
// string literal (`t('safari.itinerary')`, `useTParts('…')`, a map or a list of literal keys); a
// key built from a template or a sum (`t(`tier.${tier}`)`) cannot be seen, so it is an error with
// the file and line: write its keys as a map of literal keys where it is computed. Build-time
// only: the browser never loads this module.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** What a module uses and imports: the catalogue keys it names, the app's modules it loads, and its keys computed where they cannot be seen (file:line and why). */
export interface ModuleUse {
  keys: string[];
  imports: string[];
  computed: string[];
}

/** The prefixes that end in a dot of every key (`tier.` of `tier.budget`): a template starting with one computes a key. */
export function keyPrefixes(keys: Iterable<string>): Set<string> {
  const prefixes = new Set<string>();
  for (const key of keys) for (let i = key.indexOf('.'); i !== -1; i = key.indexOf('.', i + 1)) prefixes.add(key.slice(0, i + 1));
  return prefixes;
}

/** An import's specifier, when it loads code at run time (type-only imports are erased). */
function importedSpecifier(node: ts.Node): string | undefined {
  if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) return node.moduleSpecifier.text;
  if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) return node.moduleSpecifier.text;
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [first] = node.arguments;
    if (first && ts.isStringLiteralLike(first)) return first.text;
  }
  return undefined;
}

/**
 * The catalogue keys a module's source names (`known`: every key of the catalogue) and the
 * specifiers it imports, and each key computed from a template or a sum whose text starts with a
 * key's prefix (`prefixes`), with the file and the line.
 */
export function moduleUse(file: string, source: string, known: ReadonlySet<string>, prefixes: ReadonlySet<string>): ModuleUse {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const keys = new Set<string>();
  const imports: string[] = [];
  const problems: string[] = [];
  const computed = (node: ts.Node, start: string) => {
    if (!prefixes.has(start)) return;
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    problems.push(`${file}:${line + 1}: a message key computed from "${start}…"`);
  };
  const visit = (node: ts.Node): void => {
    const specifier = importedSpecifier(node);
    if (specifier !== undefined) imports.push(specifier);
    if (ts.isStringLiteralLike(node) && known.has(node.text)) keys.add(node.text);
    else if (ts.isTemplateExpression(node)) computed(node, node.head.text);
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && ts.isStringLiteralLike(node.left)) computed(node, node.left.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { keys: [...keys], imports, computed: problems };
}

const SERVER_ONLY = /\.server\.tsx?$/;
/** The compiled catalogues: they hold every key, they use none. */
const COMPILED = `${path.sep}i18n${path.sep}compiled${path.sep}`;

/** A module of the app the browser loads that may use keys: a relative import of a .ts or .tsx file, not a server-only one, not a compiled catalogue. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const file = path.resolve(path.dirname(from), specifier);
  if (!/\.tsx?$/.test(file) || SERVER_ONLY.test(file) || file.includes(COMPILED) || !existsSync(file)) return undefined;
  return file;
}

/** The keys a module and everything it imports use, each module read once; `computed` collects the keys that cannot be seen. */
export function graphKeys(known: ReadonlySet<string>, prefixes: ReadonlySet<string>, computed: Set<string>) {
  const uses = new Map<string, ModuleUse>();
  const use = (file: string) => {
    let u = uses.get(file);
    if (!u) uses.set(file, (u = moduleUse(path.relative(process.cwd(), file), readFileSync(file, 'utf8'), known, prefixes)));
    return u;
  };
  return (entry: string): Set<string> => {
    const keys = new Set<string>();
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const u = use(file);
      for (const key of u.keys) keys.add(key);
      for (const problem of u.computed) computed.add(problem);
      for (const specifier of u.imports) {
        const next = resolveImport(file, specifier);
        if (next) walk(next);
      }
    };
    walk(entry);
    return keys;
  };
}

/** The chunks of the pages' messages and which one each route loads besides the shared one. */
export interface Plan {
  /** Chunk name → its keys, in the catalogue's order; `shared` is loaded on every page. */
  chunks: Map<string, string[]>;
  /** Route id (the English one) → its chunk, for routes with keys of their own. */
  routes: Map<string, string>;
  /** Keys no module names (the server's own modules aside): kept in the shared chunk, so that no page can show a key. */
  unseen: string[];
}

const SHARED_CHUNK = 'shared';
/** The keys only the server's modules name. */
const SERVER_CHUNK = 'server';

/** A chunk's name from its route module's file: `routes/admin/login.tsx` → `admin-login`. */
const chunkName = (file: string) =>
  file
    .replace(/^routes\//, '')
    .replace(/\.tsx?$/, '')
    .replace(/[^a-z0-9]+/gi, '-');

/**
 * The plan: the shared chunk holds the root's keys, the keys at least `share` of the routes use
 * and the unseen keys; each route module's chunk holds the rest of its keys (a key two routes use
 * is in both: a page never loads another route's chunk). Keys only the server's modules name
 * (`serverKeys`: the API's words for a failed check) go to the chunk `server`, which no page loads
 * (the server loads every chunk).
 */
function planChunks(
  order: string[],
  rootKeys: ReadonlySet<string>,
  routeKeys: ReadonlyMap<string, ReadonlySet<string>>,
  routeIds: ReadonlyMap<string, string>,
  share: number,
  serverKeys: ReadonlySet<string> = new Set(),
): Plan {
  const counts = new Map<string, number>();
  for (const keys of routeKeys.values()) for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const seen = (key: string) => rootKeys.has(key) || counts.has(key) || serverKeys.has(key);
  const unseen = order.filter((key) => !seen(key));
  const used = (key: string) => rootKeys.has(key) || counts.has(key);
  const shared = new Set(order.filter((key) => rootKeys.has(key) || (counts.get(key) ?? 0) >= share * routeKeys.size || !seen(key)));
  const chunks = new Map<string, string[]>([[SHARED_CHUNK, order.filter((key) => shared.has(key) && (used(key) || !seen(key)))]]);
  // Route modules with the same keys (the contact page and the plan-a-safari page) share one chunk.
  const chunkOf = new Map<string, string>();
  const byKeys = new Map<string, string>();
  for (const [file, keys] of routeKeys) {
    const own = order.filter((key) => keys.has(key) && !shared.has(key));
    if (!own.length) continue;
    const same = byKeys.get(own.join('\n'));
    if (same) chunkOf.set(file, same);
    else {
      chunkOf.set(file, chunkName(file));
      byKeys.set(own.join('\n'), chunkName(file));
      chunks.set(chunkName(file), own);
    }
  }
  const serverOnly = order.filter((key) => !used(key) && serverKeys.has(key));
  if (serverOnly.length) chunks.set(SERVER_CHUNK, serverOnly);
  const routes = new Map([...routeIds].flatMap(([id, file]) => (chunkOf.has(file) ? [[id, chunkOf.get(file)!] as const] : [])));
  return { chunks, routes, unseen };
}

/** A route of app/routes.ts: its id and its module's file (under app/). */
interface RouteEntry {
  id?: string;
  file: string;
  children?: RouteEntry[];
}

/** The English routes' ids and their modules' files (the other languages' routes share the modules). */
export function routeFiles(entries: readonly RouteEntry[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: readonly RouteEntry[]) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
      if (!/^[a-z]{2}:/.test(id)) out.set(id, entry.file);
      if (entry.children) walk(entry.children);
    }
  };
  walk(entries);
  return out;
}

/** The share of the routes above which a key goes into the shared chunk. */
const SHARE = 0.5;

/** The plan of the pages' messages of the app in `root` (the repository). */
export async function planPages(root: string): Promise<Plan & { shared: string }> {
  const app = path.join(root, 'app');
  const read = (name: string) => JSON.parse(readFileSync(path.join(app, 'i18n/catalogues', `${name}.json`), 'utf8')) as Record<string, string>;
  const order = Object.keys(read('pages/en'));
  const computed = new Set<string>();
  const keysOf = graphKeys(new Set(order), keyPrefixes([...order, ...Object.keys(read('en'))]), computed);
  const { default: routes } = (await import(path.join(app, 'routes.ts'))) as { default: RouteEntry[] };
  const ids = routeFiles(routes);
  const routeKeys = new Map<string, Set<string>>();
  for (const file of new Set(ids.values())) {
    const keys = keysOf(path.join(app, file));
    if (keys.size) routeKeys.set(file, keys);
  }
  const rootKeys = keysOf(path.join(app, 'root.tsx'));
  const serverKeys = new Set<string>();
  for (const file of readdirSync(app, { recursive: true, encoding: 'utf8' }).filter((f) => SERVER_ONLY.test(f))) for (const key of keysOf(path.join(app, file))) serverKeys.add(key);
  if (computed.size) {
    const list = [...computed].sort().join('\n  ');
    throw new Error(`Message keys the split of the catalogues cannot see (write each as a map of literal keys where it is computed):\n  ${list}`);
  }
  return { ...planChunks(order, rootKeys, routeKeys, ids, SHARE, serverKeys), shared: SHARED_CHUNK };
}
