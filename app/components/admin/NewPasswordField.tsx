// A password being chosen (the owner's set-up, a reset, the account's change): the field with the
// length the server asks for and the hint that says it. Apart from ConsoleUi so that only these
// three screens load the staff rules.
import { PASSWORD_MIN } from '../../../common/staff.ts';
import { Field } from '../Field.tsx';

export function NewPasswordField({ label = 'New password', error, invalid }: { label?: string; error?: string; invalid?: boolean }) {
  return (
    <Field
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      hint={`At least ${PASSWORD_MIN} characters; not a common password.`}
      error={error}
      invalid={invalid}
    />
  );
}
