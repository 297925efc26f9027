// npm run fuzz — 200,000 generated requests (tests/fuzz/requests.ts) against the production server,
// started as the README starts it; prints the status counts, any 5xx case, and the server's
// health and memory after. FUZZ_CASES and FUZZ_SEED change the run. Prints; asserts nothing.
import { fuzz } from '../tests/fuzz/requests.ts';
import { rssMb, startServer } from './lib.ts';

const cases = Number(process.env.FUZZ_CASES ?? 200_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

const server = await startServer({ SITE_URL: 'http://localhost:3000', SPAM_CHECKS: 'on' });
try {
  console.log(`Fuzzing ${server.url} with ${cases} requests (seed ${seed})...`);
  const started = Date.now();
  const { counts, failures } = await fuzz(server.url, cases, seed, 16);
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n${cases} requests in ${seconds.toFixed(0)} s (${Math.round(cases / seconds)} req/s)`);
  console.log('  status   count');
  for (const [status, n] of counts) console.log(`  ${String(status === 0 ? 'conn' : status === -1 ? 'unsent' : status).padEnd(8)} ${n}`);
  console.log(`\n5xx or failed connections: ${failures.length}`);
  for (const f of failures.slice(0, 20)) console.log(`  ${f.status} ${f.request.method} ${f.request.path.slice(0, 160)}`);
  const ready = await fetch(`${server.url}/api/readyz`)
    .then((r) => r.status)
    .catch(() => 0);
  const home = await fetch(`${server.url}/`)
    .then((r) => r.status)
    .catch(() => 0);
  const { now, peak } = await rssMb(server.proc.pid!);
  console.log(`\nAfter: /api/readyz ${ready}, / ${home}; RSS ${now} MB (peak ${peak} MB)`);
} finally {
  await server.stop();
}
