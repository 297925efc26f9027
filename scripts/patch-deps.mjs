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
// react-router (8.5), <Scripts>, in its two builds: the page's module script imports every chunk
// statically and the HTML preloads them, so the browser fetches the framework and the route chunks
// while it is still waiting to paint, and hydration can run before the first paint: the hero image
// and the text then appear only after hydration on a busy phone, and a page-load model such as
// Lighthouse's counts every chunk as coming before the largest paint. The fix: the module script first waits for the first
// paint (a frame, then a task), then asks for the chunks (module preloads inserted then, so they
// still load in parallel) and hydrates as before. Until then the page is plain HTML: links and
// forms work without JavaScript.
import { readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

// The page's module script starts with this: it waits until the browser has shown the first frame
// (its first paint entry; a frame and a task where paint timing is missing).
const FIRST_PAINT =
  'await new Promise((r) => { const go = () => setTimeout(r, 0); ' +
  'if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(go); ' +
  'if (performance.getEntriesByType("paint").length) return go(); ' +
  'new PerformanceObserver((_, o) => { o.disconnect(); go(); }).observe({ type: "paint" }); });\n';

// The function the fix below adds to <Scripts>' module (as text, inserted once).
const HELPER = String.raw`/* safari-site: hydrate after the first paint */
function safariAfterFirstPaint(script, preloads) {
	const imports = [];
	const body = script.replace(/import \* as (\w+) from ("[^"]*");/g, (_, name, from) => {
		imports.push([name, from]);
		return "";
	}).replace(/^import ("[^"]*");?$/gm, (_, from) => {
		imports.push([null, from]);
		return "";
	});
	const names = imports.map(([name], i) => name ?? "safariSideEffect" + i);
	return ${JSON.stringify(FIRST_PAINT)} +
		"for (const href of " + JSON.stringify(preloads) + ") { const l = document.createElement(\"link\"); l.rel = \"modulepreload\"; l.href = href; document.head.appendChild(l); }\n" +
		"const [" + names.join(", ") + "] = await Promise.all([" + imports.map(([, from]) => "import(" + from + ")").join(", ") + "]);\n" + body;
}
`;

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
    marker: '/* safari-site: hydrate after the first paint */',
    edits: [
      { from: 'function Scripts(scriptProps) {\n', to: HELPER + 'function Scripts(scriptProps) {\n' },
      {
        // The text of React Router's own template literal, which ends the module script.
        // biome-ignore lint/suspicious/noTemplateCurlyInString: React Router's template text
        from: 'import(${JSON.stringify(manifest.entry.module)});`;\n',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: React Router's template text
        to: 'import(${JSON.stringify(manifest.entry.module)});`;\n\t\tif (isStatic) routeModulesScript = safariAfterFirstPaint(routeModulesScript, [...new Set([...(enableFogOfWar ? [] : [manifest.url]), manifest.entry.module, ...manifest.entry.imports, ...getModuleLinkHrefs(matches, manifest, { includeHydrateFallback: true })])]);\n',
      },
      // The preloads are asked for by the module script after the first paint, not by the HTML.
      { from: '\tlet preloads = isHydrated || isRSCRouterContext ? [] : [', to: '\tlet preloads = true ? [] : [' },
      { from: '}) : null, !enableFogOfWar ? /* @__PURE__ */ React$1.createElement("link", {', to: '}) : null, false ? /* @__PURE__ */ React$1.createElement("link", {' },
      {
        from: '\t}) : null, /* @__PURE__ */ React$1.createElement("link", {\n\t\trel: "modulepreload",\n\t\thref: manifest.entry.module,',
        to: '\t}) : null, null && React$1.createElement("link", {\n\t\trel: "modulepreload",\n\t\thref: manifest.entry.module,',
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
