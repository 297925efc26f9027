// /admin/login/code: the second step of signing in to an account with two-step sign-in on. The
// browser holds a short-lived half-way session (10 minutes) from the password; a right code (or a
// recovery code) replaces it with a new, signed-in session. Without the half-way session: back to
// the sign-in page.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { codeSchema } from '../../../common/staff-access.ts';
import { STAFF_MESSAGES } from '../../../common/staff.ts';
import { Field, FormError } from '../../components/admin/ConsoleUi.tsx';
import { adminSend, CSRF_FIELD, safeNext, withCookies } from '../../lib/admin.ts';
import { formText, readForm } from '../../lib/read-form.ts';
import { apiContext } from '../../context.ts';
import type { Route } from './+types/login-code';
import { ConsoleCard } from './shell.tsx';
import './login-code.css';

export function meta() {
  return [{ title: 'Enter your code | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

function toSignIn(request: Request): never {
  const next = new URL(request.url).searchParams.get('next');
  throw redirect(`/admin/login${next ? `?next=${encodeURIComponent(safeNext(next))}` : ''}`, { status: 303, headers: { 'cache-control': 'no-store' } });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cookie = request.headers.get('cookie');
  if (!cookie) toSignIn(request);
  const res = await context.get(apiContext).fetch('/admin/login/totp', { headers: { cookie, accept: 'application/json' } });
  if (!res.ok) toSignIn(request);
  const body = (await res.json()) as { csrf: string };
  return { csrf: body.csrf };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, z.object({ code: formText }).pipe(codeSchema));
  if (!read.ok) return { error: read.error };
  const sent = await adminSend<{ factor: 'totp' | 'recovery'; recoveryLeft?: number }>(context, request, '/login/totp', {
    json: read.data,
    csrf: read.typed[CSRF_FIELD] ?? null,
    allowSignedOut: true,
  });
  if (!sent.ok) {
    if (sent.code === 'signed-out') toSignIn(request);
    return { error: sent.status === 429 ? STAFF_MESSAGES.throttled : (sent.error ?? STAFF_MESSAGES.totp) };
  }
  const next = safeNext(read.typed.next);
  // After a recovery code, the account screen says how many are left.
  const to = sent.data?.factor === 'recovery' ? `/admin/account?recovery=${sent.data.recoveryLeft ?? 0}` : next;
  throw redirect(to, { status: 303, headers: withCookies(sent.cookies) });
}

export default function LoginCode() {
  const { csrf } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  return (
    <ConsoleCard title="Two-step sign-in">
      <p className="c-muted">Enter the 6-digit code your authenticator app shows for this console. Lost your phone? Enter one of your recovery codes instead.</p>
      <FormError>{result?.error}</FormError>
      <Form method="post" className="c-form" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="next" value={params.get('next') ?? ''} />
        <Field
          label="Code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={40}
          className="c-code-input"
          invalid={Boolean(result?.error)}
          autoFocus
        />
        <button className="btn btn--primary c-form__submit" type="submit" disabled={busy}>
          Verify
        </button>
      </Form>
      <p className="c-gate__foot">
        <Link to="/admin/login">Sign in with another account</Link>
      </p>
    </ConsoleCard>
  );
}
