// /admin/reset: asks for a password link by e-mail. The answer is the same whether or not an
// account uses the address; the API throttles requests per address typed and per connection.
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { ACCESS_MESSAGES, resetRequestSchema } from '../../../common/staff-access.ts';
import { STAFF_MESSAGES } from '../../../common/staff.ts';
import { Field, FormError, Notice } from '../../components/admin/ConsoleUi.tsx';
import { adminSend } from '../../lib/admin.ts';
import { formText, readForm } from '../../lib/read-form.ts';
import type { Route } from './+types/reset';
import { ConsoleCard } from './shell.tsx';

export function meta() {
  return [{ title: 'Reset your password | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, z.object({ email: formText }).pipe(resetRequestSchema));
  const email = read.typed.email ?? '';
  if (!read.ok) return { ok: false as const, error: read.error, email };
  const sent = await adminSend(context, request, '/reset', { json: read.data, allowSignedOut: true });
  if (!sent.ok) return { ok: false as const, error: sent.status === 429 ? STAFF_MESSAGES.throttled : (sent.error ?? 'Something went wrong. Please try again.'), email, field: sent.field };
  return { ok: true as const, email };
}

export default function Reset() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <ConsoleCard title="Reset your password">
      {result?.ok ? (
        <>
          <Notice>{ACCESS_MESSAGES.resetSent}</Notice>
          <p className="c-muted">Nothing arrived? Look in your spam folder, or ask an owner of the console.</p>
        </>
      ) : (
        <>
          <p className="c-muted">Enter the email address of your console account. We will send it a link to choose a new password.</p>
          <FormError>{result && !result.ok ? result.error : undefined}</FormError>
          <Form method="post" className="c-form" noValidate>
            <Field label="Email" name="email" type="email" autoComplete="username" required defaultValue={result?.email} invalid={Boolean(result && !result.ok)} />
            <button className="btn btn--primary c-form__submit" type="submit" disabled={busy}>
              Send link
            </button>
          </Form>
        </>
      )}
      <p className="c-gate__foot">
        <Link to="/admin/login">Back to sign-in</Link>
      </p>
    </ConsoleCard>
  );
}
