// The W3C's Nu Html Checker (vnu.jar, run with Java) on a sample of pages in each of the four
// languages: the home page, the safaris list, a safari, the parks list, a park, the contact and
// plan-a-safari forms, a search and the 404 page, as the server sends them. An error fails, named
// with its page, line and message. The checker's warnings are advice and do not: the one it gives
// (role="list" on a list styled without markers) is there on purpose, for VoiceOver.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizePath } from '../../common/language-paths.ts';
import { LANGUAGE_CODES, type Language } from '../../common/languages.ts';
import { startSiteProcess, type SiteProcess } from '../helpers/start-site.ts';

const VNU = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const SAMPLE = ['/', '/safaris', '/parks', '/contact-us', '/plan-a-safari', '/search?query=gorilla', '/no-such-page-anywhere'];

let site: SiteProcess;
let dir: string;
beforeAll(async () => {
  site = await startSiteProcess({ env: { SITE_LANGUAGES: LANGUAGE_CODES.join(',') } });
  dir = await mkdtemp(path.join(os.tmpdir(), 'safari-markup-'));
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The first item of a list page (/safaris/x from /safaris), at its address in the page's language. */
async function firstItem(list: string, language: Language): Promise<string> {
  const html = await (await fetch(site.url + localizePath(list, language))).text();
  const found = new RegExp(`href="(?:/${language})?${list}/([a-z0-9-]+)"`).exec(html) ?? new RegExp(`href="${localizePath(list, language)}/([a-z0-9-]+)"`).exec(html);
  if (!found) throw new Error(`no item link on ${localizePath(list, language)}`);
  return localizePath(`${list}/${found[1]}`, language);
}

async function pagesOf(language: Language): Promise<string[]> {
  const paths = SAMPLE.map((p) => (p.startsWith('/no-such') ? (language === 'en' ? p : `/${language}${p}`) : localizePath(p, language)));
  paths.push(await firstItem('/safaris', language), await firstItem('/parks', language));
  return paths;
}

describe('the Nu Html Checker on a sample of each language', () => {
  it.each(LANGUAGE_CODES)(
    'finds no error in %s',
    async (language) => {
      const files: Record<string, string> = {};
      for (const [i, p] of (await pagesOf(language)).entries()) {
        const res = await fetch(site.url + p);
        expect([200, 404], p).toContain(res.status);
        const file = path.join(dir, `${language}-${i}.html`);
        await writeFile(file, await res.text());
        files[file] = p;
      }
      const run = await promisify(execFile)('java', ['-jar', VNU, '--format', 'json', '--exit-zero-always', ...Object.keys(files)], { maxBuffer: 16 << 20 }).catch((e) => e);
      const messages = (JSON.parse(run.stderr || '{"messages":[]}') as { messages: { type: string; subType?: string; url: string; lastLine?: number; message: string }[] }).messages.filter(
        (m) => m.type === 'error',
      );
      const named = messages.map((m) => `${files[decodeURIComponent(new URL(m.url).pathname)] ?? m.url}:${m.lastLine ?? '?'} ${m.type}: ${m.message}`);
      expect(named).toEqual([]);
    },
    120_000,
  );
});
