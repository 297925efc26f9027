// /api/admin/erasure (owners only): erasing any person by their e-mail address, whether they
// subscribed, enquired, were quoted or booked (server/bookings/erasure.ts). A look-up counts what
// would be removed and what is kept anonymised; the erasure is in the audit log with its counts,
// never with the address (the subscriber's id when they had subscribed, as the subscriber erase
// writes). The address travels only in request bodies, never in a path or query string.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { personEraseSchema, personLookupSchema, type PersonLookup } from '../../../common/person-erasure.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import { erasePerson, personFootprint, personKey } from '../../bookings/erasure.ts';
import type { Db } from '../../db/index.ts';
import { bookings, enquiries } from '../../db/schema.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { tombstones } from '../../newsletter/tombstones.ts';
import { readBody } from './body.ts';

const owner = requireStaff({ roles: ['owner'] });
const ID = /^[1-9][0-9]{0,8}$/;

/** The address of the enquiry's or booking's traveller named in the query (?enquiry= or ?booking=); null when none is named. */
async function addressOfRecord(c: AdminContext, db: Db): Promise<string | null> {
  const enquiry = c.req.query('enquiry');
  const booking = c.req.query('booking');
  if (enquiry === undefined && booking === undefined) return null;
  const id = enquiry ?? booking ?? '';
  if (!ID.test(id)) throw new HttpError(400, `Choose ${enquiry !== undefined ? 'an enquiry' : 'a booking'} by its number.`, undefined, 'invalid-id');
  const [row] =
    enquiry !== undefined
      ? await db
          .select({ email: enquiries.email })
          .from(enquiries)
          .where(eq(enquiries.id, Number(id)))
      : await db
          .select({ email: bookings.lead_email })
          .from(bookings)
          .where(eq(bookings.id, Number(id)));
  if (!row) throw new HttpError(404, `${enquiry !== undefined ? 'Enquiry' : 'Booking'} not found`);
  // A booking whose traveller was erased already keeps no address.
  if (!row.email) throw new HttpError(404, 'This traveller was erased already.', undefined, 'erased');
  return row.email;
}

async function lookUp(db: Db, email: string): Promise<PersonLookup> {
  const footprint = await db.transaction((tx) => personFootprint(tx, personKey(email)));
  return { email: email.trim(), footprint };
}

export function erasureApi(opts: { trust: ProxyTrust }) {
  const app = new Hono<AdminEnv>();
  // The person of an enquiry or a booking, or nothing yet (the page then asks for an address).
  app.get('/erasure', owner, async (c) => {
    const { db } = deps(c);
    const email = await addressOfRecord(c, db);
    return c.json(email === null ? null : await lookUp(db, email));
  });
  app.post('/erasure/look-up', owner, async (c) => {
    const { email } = await readBody(c, personLookupSchema);
    return c.json(await lookUp(deps(c).db, email));
  });
  app.post('/erasure', owner, async (c) => {
    const { db } = deps(c);
    const { email } = await readBody(c, personEraseSchema);
    const s = sessionOf(c);
    await tombstones(db).ready();
    const erased = await db.transaction(async (tx) => {
      const done = await erasePerson(db, tx, personKey(email));
      const { subscriber, ...counts } = done;
      await audit(tx, {
        staffId: s.staff.id,
        actor: s.staff.email,
        action: 'person.erase',
        target: subscriber === null ? undefined : `subscriber:${subscriber}`,
        detail: { subscribed: subscriber !== null, ...counts },
        ip: sourceOf(c, opts.trust).address ?? null,
      });
      return counts;
    });
    return c.json({ ok: true, ...erased });
  });
  return app;
}
