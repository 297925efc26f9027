// Quotes and bookings for tests: a complete quote document, and a sent quote (with its version)
// written through the domain functions, ready to be accepted (createBooking); and where an erased
// person's words are still found in the database; a group departure on sale, made by an agent.
import type { QuoteDocument } from '../../common/quote-document.ts';
import type { InProcessSite } from './start-site.ts';
import { addStaff, signIn } from './staff.ts';
import type { Tx } from '../../server/db/index.ts';
import { createQuote, markQuoteSent } from '../../server/bookings/quotes.ts';

/** A two-adult, one-child gorilla trip in March 2027: $9,119.99 in all, deposit $2,736.00. */
export function sampleQuoteDocument(over: Partial<QuoteDocument> = {}): QuoteDocument {
  return {
    title: '4-day Bwindi gorilla trek',
    message: 'Here is the trip we talked about.',
    travelFrom: '2027-03-10',
    travelTo: '2027-03-13',
    travellers: { adults: 2, children: 1, childAges: [15] },
    days: [
      {
        title: 'Entebbe to Bwindi',
        text: 'A scenic drive south-west.',
        lodge: { slug: 'buhoma-lodge', name: 'Buhoma Lodge', roomType: 'Family cottage', board: 'full-board' },
        meals: { breakfast: false, lunch: true, dinner: true },
        activities: ['Equator stop'],
        stops: [{ name: 'Bwindi', latitude: -1.05, longitude: 29.7 }],
      },
      {
        title: 'Gorilla trek',
        text: '',
        lodge: { slug: 'buhoma-lodge', name: 'Buhoma Lodge', roomType: 'Family cottage', board: 'full-board' },
        meals: { breakfast: true, lunch: true, dinner: true },
        activities: ['Gorilla trekking'],
        stops: [],
      },
      {
        title: 'Batwa walk',
        text: '',
        lodge: { slug: 'buhoma-lodge', name: 'Buhoma Lodge', roomType: 'Family cottage', board: 'full-board' },
        meals: { breakfast: true, lunch: true, dinner: true },
        activities: [],
        stops: [],
      },
      { title: 'Back to Entebbe', text: '', lodge: null, meals: { breakfast: true, lunch: true, dinner: false }, activities: [], stops: [] },
    ],
    lines: [
      { label: '4-day safari', category: 'safari', basis: 'person', unitMinor: 250_000, quantity: null },
      { label: 'Gorilla permits', category: 'permit', basis: 'person', unitMinor: 80_000, quantity: 2 },
      { label: 'Private airport transfer', category: 'transfer', basis: 'group', unitMinor: 12_000, quantity: null },
      { label: 'Returning guest', category: 'discount', basis: 'group', unitMinor: -10_001, quantity: null },
    ],
    currency: 'USD',
    display: null,
    depositPercent: 30,
    balanceDueOn: '2027-01-09',
    validUntil: '2026-12-31',
    terms: 'A deposit of 30 % confirms the booking; the balance is due 60 days before travel.',
    included: ['Park fees', 'Driver-guide'],
    excluded: ['International flights'],
    ...over,
  };
}

/** A quote with one version, sent: what a traveller accepts. */
export async function sentQuote(tx: Tx, over: Partial<QuoteDocument> = {}) {
  const { quote } = await createQuote(tx, { traveller: { name: 'Amina Okello', email: 'amina@example.com', phone: '+256700000001' }, document: sampleQuoteDocument(over), year: 2026 });
  const version = await markQuoteSent(tx, quote.id, null);
  return { quote, version };
}

/** Every text or JSON column, in any table, that still holds one of these words (any letter case): "table.column: value". */
export async function textsLeft(rows: <T>(query: string) => Promise<T[]>, words: string[]): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying', 'json')`,
  );
  const patterns = words.map((p) => `'%${p.toLowerCase()}%'`).join(', ');
  const found: string[] = [];
  for (const c of columns) {
    const hits = await rows<{ v: string }>(`select "${c.column_name}"::text as v from "${c.table_name}" where lower("${c.column_name}"::text) like any (array[${patterns}]) limit 1`);
    if (hits.length) found.push(`${c.table_name}.${c.column_name}: ${hits[0]!.v.slice(0, 200)}`);
  }
  return found;
}

/** A group departure on sale on the site's first safari (12 seats, US$2,450, a US$400 single room), made by a new agent: its id and the safari's slug. */
export async function departureOnSale(site: InProcessSite): Promise<{ id: number; slug: string }> {
  const email = 'departures.agent@kigezitrails.example';
  await addStaff(site.app.database!.db, email, 'agent', undefined, 'Amos Agent');
  const agent = await signIn(site.base, email);
  const slug = (await site.rows<{ s: string }>('select safarititleslug as s from safaris order by id limit 1'))[0]!.s;
  const res = await agent.send('/departures', { safariSlug: slug, startsOn: '2027-03-12', seats: 12, priceMinor: 245_000, singleSupplementMinor: 40_000, status: 'open', guideSlug: null });
  if (res.status !== 201) throw new Error(`the departure was not made: ${res.status} ${await res.text()}`);
  return { id: ((await res.json()) as { id: number }).id, slug };
}
