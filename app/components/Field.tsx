// The form kit's markup, one home for the site's forms (enquiry, review, newsletter) and the
// console's: a labelled field with its hint and the links between the input and what describes it
// (aria-invalid, aria-describedby), and a form's error with its list of problems. Two looks:
//   site     the public forms: the hint under the input, the form's message shown once for the
//            whole form (the field points at it with describedBy);
//   console  the console's forms: the hint and the field's own error above the input.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../i18n/index.ts';

type FieldLook = 'site' | 'console';

/** What a field's control carries to be linked to its label, hint and error. */
interface FieldAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  name: string;
  look?: FieldLook;
  /** The field's own message, shown in the field (console). */
  error?: string;
  /** Marked invalid without a message of its own (the form's message says why). */
  invalid?: boolean;
  /** The id of a message elsewhere in the form that describes this field (site). */
  describedBy?: string;
  hint?: ReactNode;
  /** The wrapper's class, for a look's variants (default: the look's own). */
  className?: string;
  /** The control when it is not a plain input (a textarea, a select), given its links. */
  control?: (aria: FieldAria) => ReactNode;
}

export function Field({ label, look = 'console', error, invalid, describedBy, hint, className, control, id, ...input }: FieldProps) {
  const auto = useId();
  const fieldId = id ?? `f-${input.name}-${auto}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const bad = Boolean(error || invalid);
  const described = [hintId, errorId ?? describedBy].filter(Boolean).join(' ') || undefined;
  const links = { ...(bad ? { 'aria-invalid': true as const } : {}), ...(described ? { 'aria-describedby': described } : {}) };
  const aria: FieldAria = { id: fieldId, ...links };

  if (look === 'site') {
    return (
      <div className={className ?? 'enq-field'}>
        <label htmlFor={fieldId}>{label}</label>
        {control ? control(aria) : <input id={fieldId} {...input} {...links} />}
        {hint ? (
          <span className="enq-field__hint" id={hintId}>
            {hint}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <div className={`${className ?? 'c-field'}${bad ? ' c-field--error' : ''}`}>
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
      {control ? control(aria) : <input {...aria} {...input} />}
    </div>
  );
}

export interface ErrorListProps {
  /** The form's message. */
  children?: ReactNode;
  /** The problems it lists, each one a line (console). */
  items?: readonly ReactNode[];
  look?: FieldLook;
  id?: string;
  /** The message's class (site) or a class added to the alert's (console). */
  className?: string;
}

/** A form's error, announced when it appears: one message, and under it the list of problems. */
export function ErrorList({ children, items, look = 'console', id, className }: ErrorListProps) {
  if (!children && !items?.length) return null;
  if (look === 'site') {
    return (
      <p className={className ?? 'enq-form__error'} id={id} role="alert">
        {children}
      </p>
    );
  }
  return (
    <div className={`c-alert c-alert--error${className ? ` ${className}` : ''}`} id={id} role="alert">
      {items ? (
        <>
          <p>{children}</p>
          {items.length ? (
            <ul>
              {items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        children
      )}
    </div>
  );
}

/** The trap for robots: a field people do not see and leave empty (the API refuses it filled in). */
export function HoneyPot({ id }: { id: string }) {
  const t = useT();
  return (
    <div className="enq-form__hp" aria-hidden="true">
      <label htmlFor={id}>{t('forms.honeypot')}</label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
