// The split of the pages' messages per route: the key collector finds the keys written as literals
// and refuses a key it cannot see; every route's chunks, as compiled, hold every key its modules use.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../common/languages.ts';
import routes from '../routes.ts';
import { chunkNames, type Chunks } from './load.ts';
import { graphKeys, keyPrefixes, moduleUse, planPages, routeFiles } from './split.ts';

const known = new Set(['tier.budget', 'tier.luxury', 'safari.itinerary', 'search.type.park', 'enquiry.title']);
const prefixes = keyPrefixes(known);
const use = (source: string) => moduleUse('app/x.tsx', source, known, prefixes);

describe('the key collector', () => {
  it('finds keys written as literals: calls, maps, conditionals, templates without values', () => {
    const u = use(`
      import { useT } from './i18n/pages.ts';
      import type { Thing } from './types.ts';
      const TIERS = { budget: 'tier.budget', luxury: "tier.luxury" } as const;
      const Lazy = () => import('./lazy.tsx');
      export { x } from './re-export.ts';
      export function A({ on }: { on: boolean }) {
        const t = useT();
        return <p title={t(on ? 'safari.itinerary' : \`enquiry.title\`)}>{t(TIERS.budget)} {'not.a.key'}</p>;
      }`);
    expect(u.keys.sort()).toEqual(['enquiry.title', 'safari.itinerary', 'tier.budget', 'tier.luxury']);
    expect(u.imports).toEqual(['./i18n/pages.ts', './lazy.tsx', './re-export.ts']);
    expect(u.computed).toEqual([]);
  });

  it('names the file and line of a key computed from a template or a sum', () => {
    const u = use(`const t = (k: string) => k;\nexport const a = (tier: string) => t(\`tier.\${tier}\`);\nexport const b = (type: string) => t('search.type.' + type);`);
    expect(u.computed).toEqual(['app/x.tsx:2: a message key computed from "tier.…"', 'app/x.tsx:3: a message key computed from "search.type.…"']);
  });

  it('leaves alone templates and sums that are no key (a class name, a path)', () => {
    const u = use(`export const a = (tier: string, slug: string) => [\`tier-badge--\${tier}\`, \`/safaris/\${slug}\`, "tier-" + tier];`);
    expect(u.computed).toEqual([]);
  });

  it('the compiler fails on an unseen computed key', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, cpSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(path.join(tmpdir(), 'split-'));
    mkdirSync(path.join(root, 'app/routes'), { recursive: true });
    cpSync(path.join(import.meta.dirname, 'catalogues'), path.join(root, 'app/i18n/catalogues'), { recursive: true });
    writeFileSync(path.join(root, 'app/routes.ts'), "export default [{ file: 'routes/a.tsx' }];");
    writeFileSync(path.join(root, 'app/root.tsx'), 'export default 1;');
    writeFileSync(path.join(root, 'app/routes/a.tsx'), `export const A = (t: (k: string) => string, tier: string) => [t('tier.luxury'), t(\`tier.\${tier}\`)];`);
    await expect(planPages(root)).rejects.toThrow(/app\/routes\/a\.tsx:1: a message key computed from "tier\.…"/);
  });
});

describe('every route loads the messages its modules use', () => {
  const app = path.join(import.meta.dirname, '..');
  const order = Object.keys(JSON.parse(readFileSync(path.join(import.meta.dirname, 'catalogues/pages/en.json'), 'utf8')) as Record<string, string>);
  const keysOf = graphKeys(new Set(order), keyPrefixes(order), new Set());
  const rootKeys = keysOf(path.join(app, 'root.tsx'));
  const ids = routeFiles(routes as never);

  it('the compiled split is the one the sources give (npm run i18n:compile)', async () => {
    const plan = await planPages(path.join(app, '..'));
    for (const language of LANGUAGE_CODES) {
      const { chunks } = (await import(`./compiled/pages/${language}/index.ts`)) as { chunks: Chunks };
      expect(Object.keys(chunks).sort(), language).toEqual([...plan.chunks.keys()].sort());
      for (const [name, keys] of plan.chunks) expect(Object.keys((await chunks[name]!()).messages), `${language} ${name}`).toEqual(keys);
    }
  });

  it.each(LANGUAGE_CODES)('%s: each route with the root holds every key its modules name', async (language) => {
    const { chunks } = (await import(`./compiled/pages/${language}/index.ts`)) as { chunks: Chunks };
    for (const [id, file] of ids) {
      const loaded = new Set<string>();
      for (const name of chunkNames(chunks, ['root', id])) for (const key of Object.keys((await chunks[name]!()).messages)) loaded.add(key);
      const needed = new Set([...rootKeys, ...keysOf(path.join(app, file))]);
      expect(
        [...needed].filter((key) => !loaded.has(key)),
        `${language} ${id} (${file})`,
      ).toEqual([]);
      // The same route in another language loads the same chunks.
      expect(chunkNames(chunks, [`de:${id}`])).toEqual(chunkNames(chunks, [id]));
    }
  });
});
