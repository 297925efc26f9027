// Run after every npm install/ci (package.json "postinstall"): fixes, in node_modules, a defect of
// a dependency that has no fixed release yet. Each fix is a textual replacement that is applied
// once (running again changes nothing) and fails loudly when the dependency's text moved on.
//
// postgres (3.4.9), src/connection.js, in its three builds: a small write is sent on the next
// turn of the event loop (setImmediate). When PostgreSQL goes away under traffic:
//  - the connection's teardown cancels that pending send but leaves its handle set, so the
//    connection, once it connects again, never schedules a small write any more: its queries wait
//    for ever (a request hung until the client gave up);
//  - a send that runs after the socket was dropped throws from the timer, outside any promise,
//    and ends the whole process ("Cannot read properties of null (reading 'write')").
// The fix: a send with no socket sends nothing (the connection's queries are failed by its
// teardown as usual), and the teardown forgets the pending send and its bytes.
//
// react-router (8.5), <Scripts>, in its two builds: the module preloads of the page's chunks are
// rendered with the browser's default priority for scripts (High), and <Scripts> has no way to
// choose another. A server-rendered page paints without them (they only hydrate it), yet at High
// they compete with the stylesheet, the fonts and the hero image, and a page-load model such as
// Lighthouse's counts every one of them as blocking the first paint. The fix: they are asked for
// with fetchpriority="low" (they still load, and in parallel, before the page hydrates). The
// preloads <PrefetchPageLinks> makes for the next page are left as they are.
import { readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const FIXES = [
  {
    files: ['src', 'cjs/src', 'cf/src'].map((d) => `node_modules/postgres/${d}/connection.js`),
    marker: '/* safari-site: nextWrite without a socket */',
    edits: [
      {
        from: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
        to: '  function nextWrite(fn) {\n    /* safari-site: nextWrite without a socket */\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      return false\n    }\n    const x = socket.write(chunk, fn)',
      },
      {
        // terminate() and closed(): the pending send is forgotten with its bytes.
        from: '    clearImmediate(nextWriteTimer)\n',
        to: '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n',
        all: true,
        count: 2,
      },
    ],
  },
  {
    files: ['production', 'development'].map((d) => `node_modules/react-router/dist/${d}/lib/dom/ssr/components.js`),
    marker: '/* safari-site: low-priority module preloads */',
    edits: [
      {
        from: '\t\trel: "modulepreload",\n\t\thref: manifest.url,\n',
        to: '\t\trel: "modulepreload",\n\t\t/* safari-site: low-priority module preloads */\n\t\tfetchPriority: "low",\n\t\thref: manifest.url,\n',
      },
      {
        from: '\t\trel: "modulepreload",\n\t\thref: manifest.entry.module,\n',
        to: '\t\trel: "modulepreload",\n\t\tfetchPriority: "low",\n\t\thref: manifest.entry.module,\n',
      },
      {
        from: '\t\trel: "modulepreload",\n\t\thref: path,\n',
        to: '\t\trel: "modulepreload",\n\t\tfetchPriority: "low",\n\t\thref: path,\n',
      },
    ],
  },
];

let changed = 0;
for (const fix of FIXES) {
  for (const rel of fix.files) {
    const file = path.join(root, rel);
    if (!existsSync(file)) continue;
    let text = readFileSync(file, 'utf8');
    if (text.includes(fix.marker)) continue;
    for (const edit of fix.edits) {
      const found = text.split(edit.from).length - 1;
      if (found !== (edit.count ?? 1)) throw new Error(`${rel}: expected ${edit.count ?? 1} of ${JSON.stringify(edit.from)}, found ${found}; the dependency changed, review scripts/patch-deps.mjs`);
      text = edit.all ? text.split(edit.from).join(edit.to) : text.replace(edit.from, edit.to);
    }
    // Written beside and renamed over: a file shared by hard links elsewhere is left as it was.
    writeFileSync(`${file}.patching`, text);
    renameSync(`${file}.patching`, file);
    changed++;
  }
}
if (changed) console.log(`patch-deps: ${changed} file(s) fixed`);
