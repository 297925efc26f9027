// The runtime's ceiling for kept pages: a bare Node `http` server writing fixed bytes and headers
// (those our server sent for each Accept-Encoding), nothing else per request but a lookup. Run in a
// process of its own, like the site: `node bench/bare-node.ts <pages.json>` prints its port;
// startBareNode() does that for bench:pages.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http, { type OutgoingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Coding, FixedPage } from './nginx.ts';

interface Served {
  status: number;
  /** Per Accept-Encoding answer: headers as our server sent them (minus those Node writes itself) and body. */
  answers: Record<Coding, { headers: OutgoingHttpHeaders; body: Buffer }>;
}

/** Headers Node's server writes for every response: left to it, as for any Node server. */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function serve(pages: Map<string, Served>) {
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) {
      res.writeHead(404, { 'content-length': '0' });
      res.end();
      return;
    }
    const accept = req.headers['accept-encoding'] ?? '';
    const a = page.answers[accept.includes('br') ? 'br' : accept.includes('gzip') ? 'gzip' : 'identity'];
    res.writeHead(page.status, a.headers);
    res.end(a.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
  });
}

export interface BareNode {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the bare server in its own process with the pages' bytes and headers. */
export async function startBareNode(pages: FixedPage[]): Promise<BareNode> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'safari-bare-'));
  const file = path.join(dir, 'pages.json');
  const toJson = (p: FixedPage) => ({
    path: p.path,
    status: p.status,
    answers: Object.fromEntries(
      (['br', 'gzip', 'identity'] as Coding[]).map((c) => [
        c,
        { headers: Object.fromEntries(Object.entries(p.bodies[c].headers).filter(([k]) => !NODE_OWN.has(k))), body: p.bodies[c].body.toString('base64') },
      ]),
    ),
  });
  await writeFile(file, JSON.stringify(pages.map(toJson)));
  const proc = spawn(process.execPath, [import.meta.filename, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`the bare Node server exited with ${code}`)));
    proc.stdout!.once('data', (d) => resolve(Number(String(d).trim())));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    stop: async () => {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === import.meta.filename && process.argv[2]) {
  const list = JSON.parse(await readFile(process.argv[2], 'utf8')) as { path: string; status: number; answers: Record<Coding, { headers: OutgoingHttpHeaders; body: string }> }[];
  const pages = new Map<string, Served>();
  for (const p of list) {
    const answers = Object.fromEntries(Object.entries(p.answers).map(([c, a]) => [c, { headers: a.headers, body: Buffer.from(a.body, 'base64') }])) as Served['answers'];
    pages.set(p.path, { status: p.status, answers });
  }
  serve(pages);
}
