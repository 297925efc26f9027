// The console's building blocks: form fields with their errors (the form kit's), the anti-forgery
// field, the heading of a screen and notices. Plain HTML forms underneath, so every screen works
// without JavaScript and with the keyboard.
import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { StaffSession } from '../../../common/staff.ts';
import { CSRF_FIELD } from '../../lib/admin.ts';

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

export function Notice({ children, tone = 'ok' }: { children?: ReactNode; tone?: 'ok' | 'info' }) {
  if (!children) return null;
  return (
    <div className={`c-alert c-alert--${tone}`} role="status">
      {children}
    </div>
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
