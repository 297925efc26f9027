// Staff accounts for console tests: created straight in the database (as `npm run
// admin:create-user` does), then signed in over HTTP like a browser, keeping the cookie and the
// session's anti-forgery token for writes.
import type { StaffRole, StaffSession } from '../../common/staff.ts';
import { createStaffAccount } from '../../server/auth/accounts.ts';
import type { Db } from '../../server/db/index.ts';

export const STAFF_PASSWORD = 'kingfisher lantern basalt meadow';

export async function addStaff(db: Db, email: string, role: StaffRole, password = STAFF_PASSWORD, name = ''): Promise<number> {
  return (await createStaffAccount(db, { email, role, password, name })).id;
}

export interface SignedIn {
  /** The Cookie header to send. */
  cookie: string;
  csrf: string;
  session: StaffSession;
  /** GET an /api/admin path (relative to /api/admin) as this member of staff. */
  get(path: string): Promise<Response>;
  /** Send JSON to an /api/admin path with the cookie and the anti-forgery token. */
  send(path: string, json?: unknown, method?: string): Promise<Response>;
}

/** Signs in through POST /api/admin/login (base: the site's origin). Throws when refused. */
export async function signIn(base: string, email: string, password = STAFF_PASSWORD): Promise<SignedIn> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  const setCookie = res.headers.getSetCookie()[0] ?? '';
  const cookie = setCookie.split(';')[0]!;
  const session = (await res.json()) as StaffSession;
  return {
    cookie,
    csrf: session.csrf,
    session,
    get: (path) => fetch(`${base}/api/admin${path}`, { headers: { cookie } }),
    send: (path, json = {}, method = 'POST') =>
      fetch(`${base}/api/admin${path}`, {
        method,
        headers: { cookie, origin: base, 'content-type': 'application/json', 'x-csrf-token': session.csrf },
        body: JSON.stringify(json),
      }),
  };
}
