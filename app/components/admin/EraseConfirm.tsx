// The last step of an erasure (a subscriber's, anyone's): the tick that says it is meant and the
// button, in a plain form that works without JavaScript. Without the tick the page says so beside
// the box, and the box takes the focus.
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { CsrfInput } from './ConsoleUi.tsx';

/** The answer of an erase action that was not ticked: its message, about the field `confirm`. */
export const UNTICKED = { message: 'Nothing was erased: tick the box “I understand: erase this person now” to confirm, then press the button again.', field: 'confirm' } as const;

export function EraseConfirm({ unticked, busy, button, children }: { unticked?: string; busy: boolean; button: string; children?: ReactNode }) {
  return (
    <Form method="post" className="c-form" noValidate>
      <CsrfInput />
      {children}
      {unticked ? (
        <p className="c-field__error" id="erase-confirm-error" role="alert">
          {unticked}
        </p>
      ) : null}
      <div className={`c-check${unticked ? ' c-field--error' : ''}`}>
        <input
          id="erase-confirm"
          name="confirm"
          type="checkbox"
          value="yes"
          aria-invalid={unticked ? true : undefined}
          aria-describedby={unticked ? 'erase-confirm-error' : undefined}
          autoFocus={unticked ? true : undefined}
        />
        <label htmlFor="erase-confirm">I understand: erase this person now. This cannot be undone.</label>
      </div>
      <button type="submit" className="btn btn--primary c-btn-danger" disabled={busy}>
        {button}
      </button>
    </Form>
  );
}
