// The site the bookings' console tests run against: started in process on a backend with the
// console's clock fixed at NOW (the day the due dates are counted from), an owner and an agent
// added with their names and signed in.
import type { Backend } from './db.ts';
import { addStaff, signIn, type SignedIn } from './staff.ts';
import { type InProcessSite, startSite } from './start-site.ts';

const OWNER = 'owner@kigezitrails.example';
export const AGENT = 'agent@kigezitrails.example';
/** The console's clock: the operator's morning of 27 November 2026 (Kampala). */
const NOW = new Date('2026-11-27T06:00:00Z');

export interface BookingsConsole {
  site: InProcessSite;
  owner: SignedIn;
  agent: SignedIn;
}

export async function startBookingsConsole(backend: Backend): Promise<BookingsConsole> {
  const site = await startSite({ backend, env: { SPAM_CHECKS: 'off' }, app: { admin: { clock: () => NOW } } });
  await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
  await addStaff(site.app.database!.db, AGENT, 'agent', undefined, 'Amos Agent');
  return { site, owner: await signIn(site.base, OWNER), agent: await signIn(site.base, AGENT) };
}
