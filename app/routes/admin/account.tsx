// /admin/account: who you are, your password, and signing out of every browser.
import { Form, useActionData, useNavigation, useSearchParams } from 'react-router';
import { firstIssue, PASSWORD_MIN, passwordChangeSchema } from '../../../common/staff.ts';
import { CsrfInput, Field, FormError, Notice, PageHead, useConsoleSession } from '../../components/admin/ConsoleUi.tsx';
import { adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import type { Route } from './+types/account';

export function meta() {
  return [{ title: 'Your account | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const fields = { current: String(form.get('current') ?? ''), password: String(form.get('password') ?? '') };
  const parsed = passwordChangeSchema.safeParse(fields);
  if (!parsed.success) return { ok: false as const, ...firstIssue(parsed.error) };
  const sent = await adminSend(context, request, '/password', { json: parsed.data, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { ok: false as const, message: sent.error!, field: sent.field };
  return { ok: true as const };
}

export default function Account() {
  const session = useConsoleSession();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const err = (f: string) => (result && !result.ok && result.field === f ? result.message : undefined);
  return (
    <>
      <PageHead title="Your account" lead={`${session?.staff.email} · ${session?.staff.role === 'owner' ? 'Owner' : 'Agent'}`} />
      {params.get('error') === 'csrf' ? <FormError>This form had expired. Try again.</FormError> : null}
      <section className="c-panel" aria-labelledby="pw-title">
        <h2 id="pw-title">Change your password</h2>
        {result?.ok ? <Notice>Your password is changed. Other browsers signed in to your account were signed out.</Notice> : null}
        <FormError>{result && !result.ok && !['current', 'password'].includes(result.field ?? '') ? result.message : undefined}</FormError>
        <Form method="post" className="c-form" noValidate>
          <CsrfInput />
          <Field label="Current password" name="current" type="password" autoComplete="current-password" required error={err('current')} />
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            hint={`At least ${PASSWORD_MIN} characters; not a common password.`}
            error={err('password')}
          />
          <button className="btn btn--primary" type="submit" disabled={busy}>
            Change password
          </button>
        </Form>
      </section>
      <section className="c-panel" aria-labelledby="out-title">
        <h2 id="out-title">Sign out everywhere</h2>
        <p className="c-muted">Ends every session of your account, on this browser and all others (a lost phone, a shared computer).</p>
        <Form method="post" action="/admin/logout">
          <CsrfInput />
          <input type="hidden" name="everywhere" value="1" />
          <button className="btn btn--ghost" type="submit">
            Sign out everywhere
          </button>
        </Form>
      </section>
    </>
  );
}
