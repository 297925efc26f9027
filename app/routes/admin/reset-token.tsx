// /admin/reset/{token}: chooses a password with an e-mailed link (a reset, or the first password
// of a new member of staff). The address holds a secret: the page sends no Referer anywhere and,
// like every console answer, is never stored. Once used, every session of the account ends.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { z } from 'zod';
import { ACCESS_MESSAGES, resetCompleteSchema } from '../../../common/staff-access.ts';
import { FormError } from '../../components/admin/ConsoleUi.tsx';
import { NewPasswordField } from '../../components/admin/NewPasswordField.tsx';
import { adminFetch, adminSend, withCookies } from '../../lib/admin.ts';
import { formText, readForm } from '../../lib/read-form.ts';
import type { Route } from './+types/reset-token';
import { ConsoleCard } from './shell.tsx';

export function meta() {
  return [{ title: 'Choose a password | Console' }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'no-referrer' }];
}

export function headers() {
  return { 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = params.token ?? '';
  const res = await adminFetch(context, request, `/reset/${encodeURIComponent(token)}`, { allowSignedOut: true });
  const body = (await res.json().catch(() => ({ valid: false }))) as { valid: boolean; invite?: boolean; email?: string };
  return { valid: res.ok && body.valid, invite: body.invite === true, email: body.email ?? '' };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The token is the address's, never the form's.
  const schema = z
    .object({ password: formText })
    .transform(({ password }) => ({ token: params.token ?? '', password }))
    .pipe(resetCompleteSchema);
  const read = await readForm(request, schema);
  if (!read.ok) return read.field === 'token' ? { error: ACCESS_MESSAGES.resetInvalid, gone: true } : { error: read.error, gone: false };
  const sent = await adminSend(context, request, '/reset/complete', { json: read.data, allowSignedOut: true });
  if (!sent.ok) return { error: sent.error ?? ACCESS_MESSAGES.resetInvalid, gone: sent.code === 'reset-invalid' };
  throw redirect('/admin/login?password-set', { status: 303, headers: withCookies(sent.cookies) });
}

export default function ResetToken() {
  const { valid, invite, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  if (!valid || result?.gone) {
    return (
      <ConsoleCard title="Link not valid">
        <p>{ACCESS_MESSAGES.resetInvalid}</p>
        <p>
          <Link className="btn btn--primary" to="/admin/reset">
            Ask for a new link
          </Link>
        </p>
        <p className="c-gate__foot">
          <Link to="/admin/login">Back to sign-in</Link>
        </p>
      </ConsoleCard>
    );
  }
  return (
    <ConsoleCard title={invite ? 'Choose your password' : 'Choose a new password'}>
      <p className="c-muted">
        For <strong>{email}</strong>. {invite ? 'Then sign in with it.' : 'Every browser signed in to this account will be signed out.'}
      </p>
      <FormError>{result?.error}</FormError>
      <Form method="post" className="c-form" noValidate>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordField invalid={Boolean(result?.error)} />
        <button className="btn btn--primary c-form__submit" type="submit" disabled={busy}>
          Set password
        </button>
      </Form>
    </ConsoleCard>
  );
}
