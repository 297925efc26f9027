// The console's building blocks: form fields with their errors (the form kit's), a form's outcome,
// the anti-forgery field, a form with its intent, the heading of a screen and its button to make a new item, notices and a list's pager. Plain HTML forms underneath, so every screen works
// without JavaScript and with the keyboard.
import type { ReactNode } from 'react';
import { Form, Link, useRouteLoaderData } from 'react-router';
import { LANGUAGE_CODES, LANGUAGES } from '../../../common/languages.ts';
import type { StaffSession } from '../../../common/staff.ts';
import { CSRF_FIELD } from '../../lib/admin.ts';
import { ErrorList } from '../Field.tsx';

/** The signed-in session (routes/admin/layout.tsx's loader data). */
export function useConsoleSession(): StaffSession | undefined {
  return useRouteLoaderData('admin-layout') as StaffSession | undefined;
}

/** The session's anti-forgery token, sent with every console form. */
export function CsrfInput() {
  const session = useConsoleSession();
  return <input type="hidden" name={CSRF_FIELD} value={session?.csrf ?? ''} />;
}

// The fields and the form's error are the form kit's (app/components/Field.tsx), shared with the
// site's forms; the console's screens import them from here with its other building blocks.
export { ErrorList as FormError, Field } from '../Field.tsx';

/** A console form posted to its own screen with the anti-forgery token and what it is for (its intent). */
export function IntentForm({ intent, className, noValidate, children }: { intent: string; className?: string; noValidate?: boolean; children: ReactNode }) {
  return (
    <Form method="post" className={className} noValidate={noValidate}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

export function Notice({ children, tone = 'ok' }: { children?: ReactNode; tone?: 'ok' | 'info' }) {
  if (!children) return null;
  return (
    <div className={`c-alert c-alert--${tone}`} role="status">
      {children}
    </div>
  );
}

/** What a form's last sending came to: its message as a notice when it worked, as the form's error when not. */
export function FormOutcome({ result }: { result?: { ok: boolean; message: string } }) {
  return (
    <>
      {result?.ok ? <Notice>{result.message}</Notice> : null}
      <ErrorList>{result && !result.ok ? result.message : undefined}</ErrorList>
    </>
  );
}

export function PageHead({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="c-pagehead">
      <div>
        <h1>{title}</h1>
        {lead ? <p className="c-pagehead__lead">{lead}</p> : null}
      </div>
      {actions ? <div className="c-pagehead__actions">{actions}</div> : null}
    </header>
  );
}

/** The button in a screen's heading that starts a new item (New booking, New quote...). */
export function NewItemLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="btn btn--primary" to={to}>
      {children}
    </Link>
  );
}

/** A list's previous and next pages (nothing when it has one page); `href` is a page's address. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="c-pager" aria-label="Pages">
      {page > 1 ? (
        <Link className="btn btn--ghost btn--sm" to={href(page - 1)} rel="prev">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className="btn btn--ghost btn--sm" to={href(page + 1)} rel="next">
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The languages a traveller is written to in, as a select's options, each by its own name ("Deutsch"). */
export function LanguageOptions() {
  return LANGUAGE_CODES.map((code) => (
    <option key={code} value={code}>
      {LANGUAGES[code].name}
    </option>
  ));
}
