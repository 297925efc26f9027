// The signed-in console: its loader asks the API who is signed in (no session: 303 to sign-in,
// and nothing else is loaded), and its chrome is a side bar on wide screens and a menu on phones.
// Sections an agent may not use are not shown to agents; the API refuses them anyway.
import { Form, NavLink, Outlet, useLoaderData, useLocation } from 'react-router';
import { site } from '../../../common/site.ts';
import type { ReviewCounts } from '../../../common/review-moderation.ts';
import type { StaffSession } from '../../../common/staff.ts';
import { CsrfInput } from '../../components/admin/ConsoleUi.tsx';
import { BrandMark } from '../../components/layout/Brand.tsx';
import { adminGet } from '../../lib/admin.ts';
import { OperatorZone } from '../../lib/console-time.ts';
import type { Route } from './+types/layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await adminGet<StaffSession>(context, request, '/session');
  // Whether the content screens (content editing, the media library) are shown: owners, and agents when allowed.
  // The reviews waiting for a moderator are counted beside their menu entry (one grouped count).
  // The operator's time zone comes with it: every screen writes its times in it.
  const [access, reviews] = await Promise.all([
    adminGet<{ editContent: boolean; timeZone: string }>(context, request, '/settings/access'),
    adminGet<ReviewCounts>(context, request, '/reviews/counts').catch(() => ({ pending: 0 })),
  ]);
  return { ...session, editContent: session.staff.role === 'owner' || access.editContent, timeZone: access.timeZone, pendingReviews: reviews.pending };
}

interface Section {
  to: string;
  label: string;
  owner?: boolean;
  /** Shown to those who may edit content (owners; agents when an owner allows it). */
  content?: boolean;
  end?: boolean;
  /** A figure of the loader shown beside the label when it is not 0 (the reviews waiting). */
  count?: 'pendingReviews';
}

/** The console's sections; later screens add themselves here. */
export const SECTIONS: Section[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/enquiries', label: 'Enquiries' },
  { to: '/admin/quotes', label: 'Quotes' },
  { to: '/admin/bookings', label: 'Bookings' },
  { to: '/admin/departures', label: 'Departures' },
  { to: '/admin/reviews', label: 'Reviews', count: 'pendingReviews' },
  { to: '/admin/staff', label: 'Staff', owner: true },
  { to: '/admin/audit', label: 'Audit log', owner: true },
  { to: '/admin/subscribers', label: 'Subscribers', owner: true },
  { to: '/admin/campaigns', label: 'Campaigns', owner: true },
  { to: '/admin/content', label: 'Content', content: true },
  { to: '/admin/media', label: 'Media', content: true },
  { to: '/admin/settings', label: 'Settings', owner: true },
  { to: '/admin/backups', label: 'Backups', owner: true },
  { to: '/admin/account', label: 'Your account' },
];

export default function ConsoleLayout() {
  const session = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const sections = SECTIONS.filter((s) => (!s.owner || session.staff.role === 'owner') && (!s.content || session.editContent));
  const nav = (
    <ul className="c-nav__list">
      {sections.map((s) => (
        <li key={s.to}>
          <NavLink to={s.to} end={s.end} prefetch="intent" className="c-nav__link">
            {s.label}
            {s.count && session[s.count] > 0 ? (
              <span className="c-nav__count">
                {' '}
                {session[s.count]}
                <span className="sr-only"> waiting</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="c-app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="c-bar">
        <NavLink to="/admin" className="c-brand" end>
          <BrandMark size={32} />
          <span>
            {site.name}
            <small>Console</small>
          </span>
        </NavLink>
        <details className="c-menu" key={pathname}>
          <summary>Menu</summary>
          <nav aria-label="Console">{nav}</nav>
        </details>
        <nav className="c-nav" aria-label="Console">
          {nav}
        </nav>
        <div className="c-who">
          <span className="c-who__name">
            {session.staff.name || session.staff.email}
            <small>{session.staff.role === 'owner' ? 'Owner' : 'Agent'}</small>
          </span>
          <Form method="post" action="/admin/logout">
            <CsrfInput />
            <button type="submit" className="c-linkbtn">
              Sign out
            </button>
          </Form>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="c-main">
        <OperatorZone.Provider value={session.timeZone}>
          <Outlet />
        </OperatorZone.Provider>
      </main>
    </div>
  );
}
