import { describe, expect, it } from 'vitest';
import { HttpCache } from '../http/cache.ts';
import { ANY_TABLE, changedTables, currentTrace, noteReads, statementTables, traced, traceLogger } from './reads.ts';

describe('the tables a statement reads and writes', () => {
  it('reads the tables after FROM and JOIN, quoted or not, in subqueries too', () => {
    expect(statementTables('select "safaris"."id" from "safaris" left join "safari_days" on "safari_days"."safari_id" = "safaris"."id"')).toEqual({ reads: ['safaris', 'safari_days'], writes: [] });
    expect(statementTables(`select '/parks/' || p.parktitleslug from parks p where exists (select 1 from public.lodges l where l.park_id = p.id)`).reads).toEqual(['parks', 'lodges']);
  });

  it('reads a name it does not know (a CTE, a column) as any table, and skips function calls and owned tables', () => {
    expect(statementTables('with recent as (select id from blogs) select * from recent').reads).toEqual(['blogs', ANY_TABLE]);
    expect(statementTables('select x from unnest($1::int[]) as x').reads).toEqual([]);
    expect(statementTables('select * from gallery_images where owner_type = $1').reads).toEqual([]);
    expect(statementTables('select * from search_documents').reads).toEqual([ANY_TABLE]);
  });

  it('writes the tables of INSERT, UPDATE and DELETE, and nothing for DO UPDATE SET or FOR UPDATE', () => {
    expect(statementTables('insert into "parks" ("id") values ($1) on conflict ("id") do update set "parktitle" = $2').writes).toEqual(['parks']);
    expect(statementTables('update "content_version" set "version" = "version" + 1').writes).toEqual(['content_version']);
    expect(statementTables('delete from "gallery_images" where "owner_id" = $1').writes).toEqual(['gallery_images']);
    expect(statementTables('select "status" from "traveller_reviews" where "id" = $1 for update').writes).toEqual([]);
  });

  it('counts the rows a deletion cascades to or clears as written', () => {
    const t = changedTables(['lodges']);
    expect(t).toContain('lodges');
    expect(t).toContain('safari_days'); // a day's lodge is cleared when the lodge goes
    expect(changedTables(['blogs'])).toEqual(['blogs']);
  });
});

describe('traces', () => {
  it('record statements only inside a trace, and count a nested trace for its parents', async () => {
    traceLogger.logQuery('select * from blogs');
    const { trace: outer } = await traced(async () => {
      traceLogger.logQuery('select * from parks');
      const { trace: inner } = await traced(async () => {
        await new Promise((r) => setTimeout(r, 1));
        traceLogger.logQuery('update "lodges" set "lodgetitle" = $1');
        noteReads(['animals']);
      });
      expect([...inner.reads]).toEqual(['animals']);
      expect([...inner.writes]).toEqual(['lodges']);
    });
    expect([...outer.reads].sort()).toEqual(['animals', 'parks']);
    expect([...outer.writes]).toEqual(['lodges']);
    expect(currentTrace()).toBeUndefined();
  });

  it('keep no answer whose making overlapped a change of what it read, and keep one that did not', async () => {
    const cache = new HttpCache({ maxBytes: 1_000_000 });
    const request = () => new Request('http://site.test/x');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = (table: string) => async () => {
      noteReads([table]);
      await gate;
      return new Response(`made from ${table}`, { headers: { 'content-type': 'text/plain' } });
    };
    const a = cache.serve('a', request(), slow('parks'));
    const b = cache.serve('b', request(), slow('blogs'));
    cache.invalidate(['parks']);
    release();
    // Both requests get their answer; only the one made from an unchanged table is kept.
    expect(await (await a).text()).toBe('made from parks');
    expect(await (await b).text()).toBe('made from blogs');
    expect([...cache.dependencies().keys()]).toEqual(['b']);
    expect(cache.dependencies().get('b')).toEqual(['blogs']);
  });
});
