// Generated requests for the fuzz test (tests/fuzz.test.ts) and `npm run fuzz` (bench/fuzz.ts):
// every route family of the site and the API, with hostile paths, query strings, methods, headers
// and bodies. Built with fast-check, so a run is reproducible from its seed.
import fc from 'fast-check';

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Path segments a client could send: slugs, junk, encodings valid and broken, long runs. */
const segment = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'uganda',
      'gorilla-trekking',
      'bwindi-impenetrable-national-park',
      'shoebill',
      '1-day-lake-bunyonyi-canoe-trip',
      'how-to-plan-a-gorilla-trekking-safari',
      'kanyaga-canopy-lodge',
      'a',
      '0',
    ),
  },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,40}$/) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%00',
      'a%00b',
      '%ff',
      '%e0%80',
      '%zz',
      '%',
      '%2e%2e',
      '..',
      '.',
      '%2f',
      '%5c',
      "'",
      '"',
      '<script>',
      '%3Cscript%3E',
      '%0d%0a',
      'UGANDA',
      'ünïcödé',
      '_.data',
      '.data',
      'x.data',
      'ﬀ',
      '%F0%9F%A6%8D',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => encodeURIComponent(s)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => s.replace(/[?#/]/g, '')) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }).map((n) => 'x'.repeat(n)) },
);

/** The route families: pages, lists, details, redirects, forms, files, and the API's paths. */
const family = fc.constantFrom(
  '/',
  '/{s}',
  '/destinations/{s}',
  '/parks',
  '/parks/{s}',
  '/parks/in/{s}',
  '/lodges',
  '/lodges/{s}',
  '/lodges/{s}/location.svg',
  '/experiences/{s}',
  '/experiences/in/{s}',
  '/experience/{s}',
  '/safaris',
  '/safaris/{s}',
  '/safaris/in/{s}',
  '/safaris/experiences/{s}',
  '/safaris/{s}.data',
  '/animals/{s}',
  '/birds/{s}',
  '/blogs/{s}',
  '/search',
  '/enquiry',
  '/newsletter',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/sitemap.xml',
  '/robots.txt',
  '/assets/{s}',
  '/assets/{s}.js',
  '/favicon.svg',
  '/api/',
  '/api/{s}',
  '/api/safaris/{s}',
  '/api/safaris/in/{s}',
  '/api/safaris/experiences/{s}',
  '/api/parks/{s}',
  '/api/parks/in/{s}',
  '/api/lodges',
  '/api/lodges/{s}',
  '/api/experiences/in/{s}',
  '/api/blogs/{s}',
  '/api/destinations/{s}',
  '/api/animals/{s}',
  '/api/search',
  '/api/images/{s}',
  '/api/images/{s}.jpg',
  '/api/images/safaris/{s}.w960.avif',
  '/api/plan-a-safari',
  '/api/admin/clients',
  '/api/newsletter/confirm',
  '/api/newsletter/unsubscribe',
  '/api/form-token',
  '/api/csp-report',
  '/api/healthz',
  '/{s}/{s}/{s}',
);

const queryValue = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', '99999', '1e3', '01', '', 'true', 'false', 'gorilla', 'luxury', 'lake-bunyonyi', 'routes/root', 'root,routes/safari', '%00', '%ff', 'a'.repeat(600)),
  fc.string({ maxLength: 30 }),
  fc.stringMatching(/^[0-9]{1,12}$/),
);
const queryName = fc.constantFrom(
  'page',
  'limit',
  'query',
  'types',
  'navbar',
  '_routes',
  'token',
  'sent',
  'subscribed',
  'sort',
  'country',
  'destination',
  'current',
  'park',
  'tier',
  'utm_source',
  'x',
  '',
);
/** Query strings; a value is sometimes sent as it is (broken percent-encoding included). */
const query = fc
  .array(fc.tuple(queryName, queryValue, fc.boolean()), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v, raw]) => `${encodeURIComponent(k)}=${raw ? v.replace(/[#&\s]/g, '') : encodeURIComponent(v)}`).join('&')}` : ''));

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constant('GET') },
  { weight: 1, arbitrary: fc.constant('HEAD') },
  { weight: 4, arbitrary: fc.constant('POST') },
  { weight: 1, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO') },
);

const contentType = fc.constantFrom(
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'text/plain',
  'application/csp-report',
  'application/xml',
  '',
);

const body = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc
    .dictionary(
      fc.constantFrom('name', 'email', 'phone', 'country', 'message', 'website', 'formToken', 'variant', 'preferredContactMethod', 'token', 'currentUrl'),
      fc.oneof(fc.string({ maxLength: 60 }), fc.constant('a@b.co'), fc.constant('<script>alert(2)</script>@xss.example'), fc.constant('\u0000')),
    )
    .map((d) => new URLSearchParams(d).toString()),
  fc.constant('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--xyz--'),
  fc.constant('--xyz\r\nbroken'),
  fc.constant('{"name": "A", "email": '),
);

const headerSet = fc.record(
  {
    'accept-encoding': fc.constantFrom('br', 'gzip', 'identity', 'br;q=0, gzip;q=0', '*', 'x;q=abc', ''),
    'if-none-match': fc.constantFrom('*', '"abc"', 'W/"x"', '"', ''),
    cookie: fc.constantFrom('session=1', 'a', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'not-an-ip', '999.1.1.1'),
    'x-forwarded-host': fc.constantFrom('evil.example', ''),
    origin: fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null', ''),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
    range: fc.constantFrom('bytes=0-10', 'bytes=abc', ''),
    'user-agent': fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  },
  { requiredKeys: [] },
);

const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({ family, segs: fc.array(segment, { minLength: 3, maxLength: 3 }), query, method, headers: headerSet, contentType, body })
  .map(({ family, segs, query, method, headers, contentType, body }) => {
    let i = 0;
    const path = family.replace(/\{s\}/g, () => segs[i++]!) + query;
    const h: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (v) h[k] = v;
    const writes = method !== 'GET' && method !== 'HEAD';
    if (writes && contentType) h['content-type'] = contentType;
    return { method, path, headers: h, body: writes ? body : undefined };
  });

/** Sends one generated request; the status, or 0 when the connection failed. */
async function send(base: string, r: FuzzRequest): Promise<number> {
  try {
    const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return res.status;
  } catch (e) {
    // A request fetch itself refuses to send (an invalid header value...) is not the server's fault.
    if (e instanceof TypeError && !/fetch failed/i.test(e.message)) return -1;
    return 0;
  }
}

/** Runs `n` generated requests against `base`, `concurrency` at a time; returns status counts and the 5xx cases. */
export async function fuzz(base: string, n: number, seed: number, concurrency = 12) {
  const cases = fc.sample(fuzzRequest, { numRuns: n, seed });
  const counts = new Map<number, number>();
  const failures: { request: FuzzRequest; status: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= cases.length) return;
        const status = await send(base, cases[i]!);
        counts.set(status, (counts.get(status) ?? 0) + 1);
        if (status >= 500 || status === 0) failures.push({ request: cases[i]!, status });
      }
    }),
  );
  return { counts: new Map([...counts].sort((a, b) => a[0] - b[0])), failures };
}
