// /admin/login: Email, Password, Sign in. One answer for an unknown address and a wrong password;
// throttled by the API. With a second factor, the code is asked for next (/admin/login/code).
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ACCESS_MESSAGES } from '../../../common/staff-access.ts';
import { signInSchema, STAFF_MESSAGES } from '../../../common/staff.ts';
import { Field, FormError } from '../../components/admin/ConsoleUi.tsx';
import { adminSend, safeNext, withCookies } from '../../lib/admin.ts';
import { formText, readForm } from '../../lib/read-form.ts';
import { apiContext } from '../../context.ts';
import type { Route } from './+types/login';
import { ConsoleCard } from './shell.tsx';

export function meta() {
  return [{ title: 'Sign in | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** Already signed in: straight to the console. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cookie = request.headers.get('cookie');
  if (cookie) {
    const res = await context.get(apiContext).fetch('/admin/session', { headers: { cookie, accept: 'application/json' } });
    if (res.ok) throw redirect(safeNext(new URL(request.url).searchParams.get('next')), { status: 303 });
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, z.object({ email: formText, password: formText }).pipe(signInSchema));
  const email = read.typed.email ?? '';
  if (!read.ok) return { error: read.error, field: read.field, email };
  const sent = await adminSend<{ next: 'done' | 'totp' }>(context, request, '/login', { json: read.data, allowSignedOut: true });
  if (!sent.ok) return { error: sent.error ?? STAFF_MESSAGES.signInFailed, field: sent.code === 'sign-in-failed' ? 'password' : sent.field, email };
  const next = safeNext(read.typed.next);
  if (sent.data?.next === 'totp') throw redirect(`/admin/login/code?next=${encodeURIComponent(next)}`, { status: 303, headers: withCookies(sent.cookies) });
  throw redirect(next, { status: 303, headers: withCookies(sent.cookies) });
}

export default function Login() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const signedOut = params.get('signed-out') !== null;
  return (
    <ConsoleCard title="Sign in">
      {signedOut && !result ? (
        <p className="c-alert c-alert--ok" role="status">
          You are signed out.
        </p>
      ) : null}
      {params.has('password-set') && !result ? (
        <p className="c-alert c-alert--ok" role="status">
          {ACCESS_MESSAGES.resetDone}
        </p>
      ) : null}
      <FormError>{result?.error}</FormError>
      <Form method="post" className="c-form" noValidate>
        <input type="hidden" name="next" value={params.get('next') ?? ''} />
        <Field label="Email" name="email" type="email" autoComplete="username" required defaultValue={result?.email} error={result?.field === 'email' ? result.error : undefined} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required invalid={result?.field === 'password'} />
        <button className="btn btn--primary c-form__submit" type="submit" disabled={busy}>
          Sign in
        </button>
      </Form>
      <p className="c-gate__foot">
        <Link to="/admin/reset">Forgot your password?</Link>
      </p>
    </ConsoleCard>
  );
}
