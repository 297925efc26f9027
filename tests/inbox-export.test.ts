// The inbox's CSV export with more enquiries than one batch (it reads and writes them a batch at a
// time): every enquiry of the filter, once, in the list's order (newest first, then by id, down to
// the microsecond), the same header, formula cells defused across batches, and one line in the
// audit log with the count, or with the count written so far when the download is cut off; on
// PGlite and (when TEST_DATABASE_URL is set) PostgreSQL.
import './helpers/production.ts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/index.ts';
import { backends } from './helpers/db.ts';
import { rowsOf, waitFor } from './helpers/forms.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const HEADER =
  'Id,Received (Africa/Kampala),Status,Source,Name,Email,Phone,Country,Preferred contact,Safari,Assigned to,Page,Message,Travel from,Travel to,Travel month,Travel dates,Adults,Children,Children’s ages,Budget per person';
const COUNT = 2600;

describe.each(backends())('the inbox export on %s', (backend) => {
  let site: InProcessSite;
  let db: Db;
  let owner: SignedIn;

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off' } });
    db = site.app.database!.db;
    await addStaff(db, 'owner@export.example', 'owner', undefined, 'Grace Owner');
    owner = await signIn(site.base, 'owner@export.example');
  });
  afterAll(async () => {
    await site?.stop();
  });
  beforeEach(async () => {
    // Seven enquiries share each time (to the microsecond), so a batch often ends inside a group;
    // every eleventh is spam, every 997th name would be read as a formula.
    await db.execute(sql`truncate enquiries restart identity cascade`);
    await db.execute(sql`delete from audit_log where action = 'enquiries.export'`);
    await db.execute(sql`insert into enquiries (name, email, phone, message, preferred_contact_method, status, created_at)
      select case when g % 997 = 0 then '=SUM(A' || g || ')' else 'Visitor ' || g end, 'v' || g || '@example.com', '+256 700 000000',
             'A week in the forest.', 'email', case when g % 11 = 0 then 'spam' else 'new' end,
             timestamptz '2026-03-01 10:00:00.123456+00' - (g / 7) * interval '1 minute 1 microsecond'
        from generate_series(1, ${COUNT}) g`);
  });

  const exportAudits = async () =>
    rowsOf<{ detail: { rows: number; incomplete?: boolean; filter: Record<string, string> } }>(await db.execute(sql`select detail from audit_log where action = 'enquiries.export' order by id`));

  it('writes every enquiry of the filter once, in the order of the list, and audits the count', async () => {
    const res = await owner.get('/enquiries/export.csv');
    expect(res.status).toBe(200);
    // The bytes as sent (Response.text() would drop the byte-order mark).
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.slice(0, HEADER.length + 2)).toBe(`\uFEFF${HEADER}\n`);
    const records = parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const expected = rowsOf<{ id: number }>(await db.execute(sql`select id from enquiries where status <> 'spam' order by created_at desc, id desc`)).map((r) => Number(r.id));
    expect(expected.length).toBe(COUNT - Math.floor(COUNT / 11));
    expect(records.map((r) => Number(r.Id))).toEqual(expected);
    expect(records.find((r) => r.Email === 'v1994@example.com')!.Name).toBe("'=SUM(A1994)");
    expect(await exportAudits()).toEqual([expect.objectContaining({ detail: { rows: expected.length, filter: {} } })]);

    const spam = parse((await (await owner.get('/enquiries/export.csv?status=spam')).text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(spam).toHaveLength(Math.floor(COUNT / 11));
    expect(spam.every((r) => r.Status === 'Spam')).toBe(true);
    const none = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await owner.get('/enquiries/export.csv?country=Nowhere')).arrayBuffer());
    expect(none).toBe(`\uFEFF${HEADER}\n`);
    expect((await exportAudits()).map((a) => a.detail.rows)).toEqual([expected.length, Math.floor(COUNT / 11), 0]);
  });

  it('audits a download cut off after its first rows with the rows written until then', async () => {
    // More than the sockets hold between the two ends, compressed as a browser asks: 15,000
    // enquiries of about 1 KB of digits each.
    await db.execute(sql`insert into enquiries (name, email, phone, message, preferred_contact_method)
      select 'Reader ' || g, 'r' || g || '@example.com', '', (select string_agg(md5(g || ' ' || k), ' ') from generate_series(1, 30) k), 'email' from generate_series(1, 15000) g`);
    const stop = new AbortController();
    const open = () => fetch(`${site.base}/api/admin/enquiries/export.csv`, { headers: { cookie: owner.cookie }, signal: stop.signal });
    // Once more if a kept-alive connection was closed while the rows went in (ECONNRESET).
    const res = await open().catch(open);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    stop.abort();
    await waitFor(async () => (await exportAudits()).length > 0, 15_000, 'the export in the audit log');
    const [entry] = await exportAudits();
    expect(entry!.detail.incomplete).toBe(true);
    expect(entry!.detail.rows).toBeGreaterThan(0);
    expect(entry!.detail.rows).toBeLessThan(15_000);
  });
});
