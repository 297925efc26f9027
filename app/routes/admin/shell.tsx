// Every console address (/admin...): its own chrome and stylesheet instead of the public site's,
// noindex, and its own error view. Signed-in screens are nested in routes/admin/layout.tsx; the
// sign-in, set-up and password-reset screens are not.
import { isRouteErrorResponse, Link, Outlet, useRouteError } from 'react-router';
import { site } from '../../../common/site.ts';
import { BrandMark } from '../../components/layout/Brand.tsx';
import '../../styles/admin.css';

export const handle = { console: true };

export function meta() {
  return [{ title: `Console | ${site.name}` }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function ConsoleShell() {
  return <Outlet />;
}

/** A page for one person at a time: the card the sign-in, set-up and reset screens sit in. */
export function ConsoleCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="c-gate">
      <main className="c-gate__card" id="main">
        <p className="c-gate__brand">
          <BrandMark size={36} />
          <span>
            {site.name}
            <small>Operator console</small>
          </span>
        </p>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const title = status === 403 ? 'Not allowed' : status === 404 ? 'Not found' : 'Something went wrong';
  const text =
    status === 403
      ? 'Your role does not allow this screen. Ask an owner if you need it.'
      : status === 404
        ? 'There is nothing at this address in the console.'
        : 'The console could not load this screen. Try again in a moment.';
  return (
    <ConsoleCard title={title}>
      <p>{text}</p>
      <p>
        <Link className="btn btn--primary" to="/admin">
          Back to the console
        </Link>
      </p>
    </ConsoleCard>
  );
}
