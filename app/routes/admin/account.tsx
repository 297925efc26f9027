// /admin/account: who you are, your password, two-step sign-in (an authenticator app's codes and
// recovery codes), and signing out of every browser.
import { data, Form, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { codeSchema, RECOVERY_CODE_COUNT, totpDisableSchema, type TotpStatus } from '../../../common/staff-access.ts';
import { passwordChangeSchema } from '../../../common/staff.ts';
import { CsrfInput, Field, FormError, IntentForm, Notice, PageHead, useConsoleSession } from '../../components/admin/ConsoleUi.tsx';
import { NewPasswordField } from '../../components/admin/NewPasswordField.tsx';
import { adminGet, adminSend, CSRF_FIELD, withCookies } from '../../lib/admin.ts';
import { formFields, formText, formTexts, parseForm } from '../../lib/read-form.ts';
import type { Route } from './+types/account';
import './account.css';

export function meta() {
  return [{ title: 'Your account | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminGet<TotpStatus>(context, request, '/account/totp');
}

type Result = { intent: string; ok: boolean; message?: string; field?: string; recoveryCodes?: string[] };

const codeForm = z.object({ code: formText }).pipe(codeSchema);
const disableForm = z.object({ password: formText, code: formText }).pipe(totpDisableSchema);
const passwordForm = z.object({ current: formText, password: formText }).pipe(passwordChangeSchema);

export async function action({ request, context }: Route.ActionArgs): Promise<Result | ReturnType<typeof data<Result>>> {
  const form = await formFields(request);
  const texts = formTexts(form);
  const intent = texts.intent ?? 'password';
  const csrf = texts[CSRF_FIELD];
  const fail = (message: string, field?: string): Result => ({ intent, ok: false, message, field });
  switch (intent) {
    case 'totp-start':
    case 'totp-cancel': {
      const sent = await adminSend(context, request, intent === 'totp-start' ? '/account/totp/start' : '/account/totp/cancel', { csrf });
      return sent.ok ? { intent, ok: true } : fail(sent.error!);
    }
    case 'totp-confirm':
    case 'totp-recovery': {
      const read = parseForm(form, codeForm);
      if (!read.ok) return fail(read.error, 'code');
      const path = intent === 'totp-confirm' ? '/account/totp/confirm' : '/account/totp/recovery';
      const sent = await adminSend<{ recoveryCodes: string[] }>(context, request, path, { json: read.data, csrf });
      return sent.ok ? { intent, ok: true, recoveryCodes: sent.data!.recoveryCodes } : fail(sent.error!, sent.field);
    }
    case 'totp-disable': {
      const read = parseForm(form, disableForm);
      if (!read.ok) return fail(read.error, read.field);
      const sent = await adminSend(context, request, '/account/totp/disable', { json: read.data, csrf });
      return sent.ok ? { intent, ok: true } : fail(sent.error!, sent.field);
    }
    default: {
      const read = parseForm(form, passwordForm);
      if (!read.ok) return fail(read.error, read.field);
      const sent = await adminSend(context, request, '/password', { json: read.data, csrf });
      // Changed: this browser stays a known device of the account (the API's new device cookie).
      if (sent.ok) return data<Result>({ intent: 'password', ok: true }, { headers: withCookies(sent.cookies) });
      return { intent: 'password', ok: false, message: sent.error!, field: sent.field };
    }
  }
}

function RecoveryCodes({ codes, fresh }: { codes: string[]; fresh: boolean }) {
  return (
    <div className="c-recovery">
      <Notice>{fresh ? 'Here are your new recovery codes. The earlier ones no longer work.' : 'Two-step sign-in is on.'}</Notice>
      <h3 id="rc-title">Your recovery codes</h3>
      <p>
        Each code signs you in once if you lose your phone. Save them now (print them, or keep them in a password manager): <strong>they are not shown again.</strong>
      </p>
      <ol className="c-recovery__list" aria-labelledby="rc-title">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Two-step sign-in while it is on: new recovery codes, or turning it off. */
function TwoStepOn({ status, intent, formError, field, busy }: { status: TotpStatus; intent?: string; formError?: string; field: (intent: string, f: string) => string | undefined; busy: boolean }) {
  return (
    <>
      <p>
        <span className="c-badge c-badge--on">On</span> Signing in asks for a code from your authenticator app. Recovery codes left: <strong>{status.recoveryLeft}</strong> of {RECOVERY_CODE_COUNT}.
      </p>
      <h3>New recovery codes</h3>
      <p className="c-muted">Used some, or lost the list? Get ten new ones; the earlier codes stop working.</p>
      <FormError>{intent === 'totp-recovery' ? formError : undefined}</FormError>
      <IntentForm intent="totp-recovery" className="c-form c-form--inline" noValidate>
        <Field label="Code from your app" name="code" autoComplete="one-time-code" required maxLength={40} error={field('totp-recovery', 'code')} />
        <button className="btn btn--ghost" type="submit" disabled={busy}>
          Get new codes
        </button>
      </IntentForm>
      <h3>Turn off two-step sign-in</h3>
      <FormError>{intent === 'totp-disable' ? formError : undefined}</FormError>
      <IntentForm intent="totp-disable" className="c-form" noValidate>
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={field('totp-disable', 'password')} />
        <Field label="Code" name="code" autoComplete="one-time-code" hint="From your app, or a recovery code." required maxLength={40} error={field('totp-disable', 'code')} />
        <button className="btn btn--ghost" type="submit" disabled={busy}>
          Turn off
        </button>
      </IntentForm>
    </>
  );
}

function TwoStep({ status, result, busy }: { status: TotpStatus; result?: Result; busy: boolean }) {
  const mine = result?.intent.startsWith('totp') ? result : undefined;
  const err = (f: string) => (mine && !mine.ok && mine.field === f ? mine.message : undefined);
  const formError = mine && !mine.ok && !['code', 'password'].includes(mine.field ?? '') ? mine.message : undefined;
  if (mine?.ok && mine.recoveryCodes) return <RecoveryCodes codes={mine.recoveryCodes} fresh={mine.intent === 'totp-recovery'} />;
  const field = (intent: string, f: string) => (mine?.intent === intent ? err(f) : undefined);
  if (status.enabled) return <TwoStepOn status={status} intent={mine?.intent} formError={formError} field={field} busy={busy} />;
  if (status.pending) {
    const secretGroups = status.pending.secret.match(/.{1,4}/g)!.join(' ');
    return (
      <>
        <FormError>{formError}</FormError>
        <ol className="c-steps">
          <li>
            <p>Scan this QR code with an authenticator app (such as 1Password, Google Authenticator, Microsoft Authenticator or Aegis).</p>
            <div className="c-qr" dangerouslySetInnerHTML={{ __html: status.pending.qrSvg }} />
            <p>
              Cannot scan it? Enter this key in the app instead (time-based, 6 digits):
              <br />
              <code className="c-secret">{secretGroups}</code>
            </p>
          </li>
          <li>
            <p>Enter the 6-digit code the app now shows, to check it works.</p>
            <IntentForm intent="totp-confirm" className="c-form c-form--inline" noValidate>
              <Field label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} required error={err('code')} />
              <button className="btn btn--primary" type="submit" disabled={busy}>
                Turn on
              </button>
            </IntentForm>
          </li>
        </ol>
        <IntentForm intent="totp-cancel">
          <button className="c-linkbtn c-linkbtn--muted" type="submit">
            Cancel
          </button>
        </IntentForm>
      </>
    );
  }
  return (
    <>
      {mine?.ok && mine.intent === 'totp-disable' ? <Notice>Two-step sign-in is off. Your recovery codes no longer work.</Notice> : null}
      <FormError>{formError}</FormError>
      <p>
        <span className="c-badge">Off</span> Add a second step to signing in: a code from an app on your phone, so a stolen password alone cannot open the console.
      </p>
      <IntentForm intent="totp-start">
        <button className="btn btn--primary" type="submit" disabled={busy}>
          Turn on two-step sign-in
        </button>
      </IntentForm>
    </>
  );
}

export default function Account() {
  const session = useConsoleSession();
  const status = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const pw = result?.intent === 'password' ? result : undefined;
  const err = (f: string) => (pw && !pw.ok && pw.field === f ? pw.message : undefined);
  const recovery = params.get('recovery');
  return (
    <>
      <PageHead title="Your account" lead={`${session?.staff.email} · ${session?.staff.role === 'owner' ? 'Owner' : 'Agent'}`} />
      {params.get('error') === 'csrf' ? <FormError>This form had expired. Try again.</FormError> : null}
      {recovery !== null && /^\d+$/.test(recovery) ? (
        <Notice tone="info">
          You signed in with a recovery code; {recovery} {recovery === '1' ? 'is' : 'are'} left. {Number(recovery) < 4 ? 'Get new recovery codes below.' : ''}
        </Notice>
      ) : null}
      <section className="c-panel" aria-labelledby="totp-title">
        <h2 id="totp-title">Two-step sign-in</h2>
        <TwoStep status={status} result={result} busy={busy} />
      </section>
      <section className="c-panel" aria-labelledby="pw-title">
        <h2 id="pw-title">Change your password</h2>
        {pw?.ok ? <Notice>Your password is changed. Other browsers signed in to your account were signed out.</Notice> : null}
        <FormError>{pw && !pw.ok && !['current', 'password'].includes(pw.field ?? '') ? pw.message : undefined}</FormError>
        <IntentForm intent="password" className="c-form" noValidate>
          <Field label="Current password" name="current" type="password" autoComplete="current-password" required error={err('current')} />
          <NewPasswordField error={err('password')} />
          <button className="btn btn--primary" type="submit" disabled={busy}>
            Change password
          </button>
        </IntentForm>
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
