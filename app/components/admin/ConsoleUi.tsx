// The console's building blocks: form fields with their errors, the anti-forgery field, the
// heading of a screen and notices. Plain HTML forms underneath, so every screen works without
// JavaScript and with the keyboard.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
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

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  /** Marked invalid without a message of its own (the form's message says why). */
  invalid?: boolean;
  hint?: ReactNode;
}

export function Field({ label, error, invalid, hint, id, ...input }: FieldProps) {
  const auto = useId();
  const fieldId = id ?? `f-${input.name}-${auto}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <div className={`c-field${error || invalid ? ' c-field--error' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      {hint ? (
        <p className="c-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="c-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      <input id={fieldId} aria-invalid={error || invalid ? true : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} {...input} />
    </div>
  );
}

/** A form's error, announced when it appears. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div className="c-alert c-alert--error" role="alert">
      {children}
    </div>
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
