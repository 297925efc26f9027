// /admin/setup?token=…: creates the first owner (Email, Password) with the one-time address the
// server logged while the site had no staff account; then the address stops working.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { z } from 'zod';
import { setupSchema, STAFF_MESSAGES } from '../../../common/staff.ts';
import { Field, FormError } from '../../components/admin/ConsoleUi.tsx';
import { NewPasswordField } from '../../components/admin/NewPasswordField.tsx';
import { adminFetch, adminSend, withCookies } from '../../lib/admin.ts';
import { formText, readForm } from '../../lib/read-form.ts';
import type { Route } from './+types/setup';
import { ConsoleCard } from './shell.tsx';

export function meta() {
  return [{ title: 'Set up the console | Console' }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'no-referrer' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const res = await adminFetch(context, request, `/setup?token=${encodeURIComponent(token)}`, { allowSignedOut: true });
  const body = (await res.json().catch(() => ({ valid: false }))) as { valid: boolean };
  return { valid: res.ok && body.valid, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, z.object({ token: formText, name: formText.optional(), email: formText, password: formText }).pipe(setupSchema));
  const name = read.typed.name ?? '';
  const email = read.typed.email ?? '';
  if (!read.ok) return { error: read.error, field: read.field, name, email };
  const sent = await adminSend(context, request, '/setup', { json: read.data, allowSignedOut: true });
  if (!sent.ok) return { error: sent.error ?? STAFF_MESSAGES.setupInvalid, field: sent.field, name, email, gone: sent.code === 'setup-invalid' };
  throw redirect('/admin?welcome', { status: 303, headers: withCookies(sent.cookies) });
}

export default function Setup() {
  const { valid, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  if (!valid || (result && 'gone' in result && result.gone)) {
    return (
      <ConsoleCard title="Set-up address not valid">
        <p>{STAFF_MESSAGES.setupInvalid}</p>
        <p className="c-muted">A new set-up address is logged each time the server starts while the site has no staff account.</p>
        <p>
          <Link className="btn btn--primary" to="/admin/login">
            Go to sign-in
          </Link>
        </p>
      </ConsoleCard>
    );
  }
  const err = (f: string) => (result?.field === f ? result.error : undefined);
  return (
    <ConsoleCard title="Create the owner account">
      <p className="c-muted">This account can manage staff, enquiries, subscribers and campaigns. This address works once.</p>
      <FormError>{result && !['name', 'email', 'password'].includes(result.field ?? '') ? result.error : undefined}</FormError>
      <Form method="post" className="c-form" noValidate>
        <input type="hidden" name="token" value={token} />
        <Field label="Your name" name="name" autoComplete="name" defaultValue={result?.name} error={err('name')} />
        <Field label="Email" name="email" type="email" autoComplete="username" required defaultValue={result?.email} error={err('email')} />
        <NewPasswordField label="Password" error={err('password')} />
        <button className="btn btn--primary c-form__submit" type="submit" disabled={busy}>
          Create owner account
        </button>
      </Form>
    </ConsoleCard>
  );
}
