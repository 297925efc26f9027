// The settings screen's section for the travellers' booking reminders (owners): each reminder on
// or off. Its loader part, its action and its form live here, so the settings screen only mounts it.
import { Form } from 'react-router';
import { REMINDER_KINDS, REMINDER_LABELS, type ReminderSettings } from '../../../common/booking-console.ts';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { CsrfInput, FormOutcome } from './ConsoleUi.tsx';

type Ctx = Parameters<typeof adminGet>[0];

export const loadReminderSettings = (context: Ctx, request: Request) => adminGet<ReminderSettings>(context, request, '/settings/reminders');

export async function saveReminderSettings(form: FormData, context: Ctx, request: Request) {
  const json = Object.fromEntries(REMINDER_KINDS.map((k) => [k, form.get(`reminder-${k}`) === 'on']));
  const sent = await adminSend<ReminderSettings & { changed: string[] }>(context, request, '/settings/reminders', { method: 'PUT', json, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { ok: false as const, form: 'reminders' as const, message: sent.error! };
  return { ok: true as const, form: 'reminders' as const, message: sent.data!.changed.length ? 'The reminders are saved.' : 'Nothing changed.' };
}

export function ReminderSettingsSection({ settings, result, busy }: { settings: ReminderSettings; result?: { ok: boolean; message: string }; busy: boolean }) {
  return (
    <section className="c-panel" aria-labelledby="reminders-title">
      <h2 id="reminders-title">Booking reminders</h2>
      <p className="c-field__hint" id="reminders-hint">
        E-mails to a booking’s lead traveller, each sent once. Turned off, a reminder is not sent; turning it on again sends it when it next falls due.
      </p>
      <FormOutcome result={result} />
      <Form method="post" className="c-form" aria-describedby="reminders-hint">
        <CsrfInput />
        <input type="hidden" name="intent" value="reminders" />
        <fieldset className="c-fieldset">
          <legend>Send a reminder when</legend>
          {REMINDER_KINDS.map((k) => (
            <div className="c-check" key={k}>
              <input id={`reminder-${k}`} name={`reminder-${k}`} type="checkbox" defaultChecked={settings[k]} />
              <label htmlFor={`reminder-${k}`}>{REMINDER_LABELS[k]}</label>
            </div>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save reminders
          </button>
        </div>
      </Form>
    </section>
  );
}
