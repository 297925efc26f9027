// /admin/settings (owners): the console's settings. Whether agents may edit content (the media
// library, the content screens; the API applies it to every request), whether they may export
// the enquiries, and the currency rates the
// public pages convert prices with (units per US dollar, each with the date it was set), and the
// operator's time zone (common/operator-time.ts).
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { parseRateText, type AdminCurrencyRates } from '../../../common/currency-admin.ts';
import type { ConsoleSettings } from '../../../common/media-library.ts';
import { operatorTime, timeZoneChoices } from '../../../common/operator-time.ts';
import { dayOf } from '../../lib/console-time.ts';
import { CsrfInput, Field, FormError, FormOutcome, IntentForm, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { loadReminderSettings, ReminderSettingsSection, saveReminderSettings } from '../../components/admin/ReminderSettings.tsx';
import { loadReplyTemplates, ReplyTemplatesSection, saveReplyTemplates } from '../../components/admin/ReplyTemplates.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import type { Route } from './+types/settings';
import './settings.css';

export function meta() {
  return [{ title: 'Settings | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, currency, reminders, replyTemplates] = await Promise.all([
    adminGet<ConsoleSettings>(context, request, '/settings'),
    adminGet<AdminCurrencyRates>(context, request, '/currency-rates'),
    loadReminderSettings(context, request),
    loadReplyTemplates(context, request),
  ]);
  return { ...settings, currency, reminders, replyTemplates, now: new Date().toISOString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'rates') return saveRates(form, context, request);
  if (form.get('intent') === 'export') return saveExport(form, context, request);
  if (form.get('intent') === 'reminders') return saveReminderSettings(form, context, request);
  if (form.get('intent') === 'reply-templates') return saveReplyTemplates(form, context, request);
  if (form.get('intent') === 'zone') {
    const timeZone = String(form.get('timeZone') ?? '');
    const sent = await adminSend<ConsoleSettings & { changed: string[] }>(context, request, '/settings', { method: 'PUT', json: { timeZone }, csrf: form.get(CSRF_FIELD) });
    if (!sent.ok) return { ok: false as const, form: 'zone' as const, message: sent.error! };
    return { ok: true as const, form: 'zone' as const, message: sent.data!.changed.length ? `The time zone is saved: ${sent.data!.timeZone}.` : 'Nothing changed.' };
  }
  const agentsEditContent = form.get('agentsEditContent') === 'yes';
  const sent = await adminSend<ConsoleSettings & { changed: string[] }>(context, request, '/settings', { method: 'PUT', json: { agentsEditContent }, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { ok: false as const, form: 'access' as const, message: sent.error! };
  return { ok: true as const, form: 'access' as const, message: sent.data!.changed.length ? 'The settings are saved.' : 'Nothing changed.' };
}

async function saveExport(form: FormData, context: Route.ActionArgs['context'], request: Request) {
  const agentsExport = form.get('agentsExport') === 'yes';
  const sent = await adminSend<ConsoleSettings & { changed: string[] }>(context, request, '/settings', { method: 'PUT', json: { agentsExport }, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { ok: false as const, form: 'export' as const, message: sent.error! };
  return { ok: true as const, form: 'export' as const, message: sent.data!.changed.length ? 'The export setting is saved.' : 'Nothing changed.' };
}

async function saveRates(form: FormData, context: Route.ActionArgs['context'], request: Request) {
  const typed: Record<string, string> = {};
  const json: Record<string, number> = {};
  for (const [k, v] of form) {
    if (!/^rate-[A-Z]{3}$/.test(k) || typeof v !== 'string') continue;
    const currency = k.slice(5);
    typed[currency] = v;
    // A field left empty keeps its rate; anything else is sent as typed and checked by the API.
    if (v.trim()) json[currency] = parseRateText(v);
  }
  const sent = await adminSend<AdminCurrencyRates & { changed: string[] }>(context, request, '/currency-rates', { method: 'PUT', json, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { ok: false as const, form: 'rates' as const, message: sent.error!, field: sent.field, typed };
  const changed = sent.data!.changed;
  return {
    ok: true as const,
    form: 'rates' as const,
    message: changed.length ? `The rates are saved (${changed.join(', ')}). The public pages convert prices with them from now on.` : 'Nothing changed.',
  };
}

export default function Settings() {
  const settings = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const access = result?.form === 'access' ? result : undefined;
  const rates = result?.form === 'rates' ? result : undefined;
  const zone = result?.form === 'zone' ? result : undefined;
  return (
    <>
      <PageHead title="Settings" lead="Choices that apply to everyone who uses the console." />
      <section className="c-panel" aria-labelledby="content-title">
        <h2 id="content-title">Content editing</h2>
        <FormOutcome result={access} />
        <Form method="post" className="c-form">
          <CsrfInput />
          <div className="c-check">
            <input id="agents-edit-content" name="agentsEditContent" type="checkbox" value="yes" defaultChecked={settings.agentsEditContent} aria-describedby="agents-edit-content-hint" />
            <label htmlFor="agents-edit-content">Agents may edit content</label>
          </div>
          <p className="c-field__hint" id="agents-edit-content-hint">
            Owners always may. When this is ticked, agents may also upload, describe and delete images in the media library, and edit the site’s content. Every change is in the audit log.
          </p>
          <div>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Save settings
            </button>
          </div>
        </Form>
      </section>
      <ExportSection allowed={settings.agentsExport} result={result?.form === 'export' ? result : undefined} busy={busy} />
      <ZoneSection zone={settings.timeZone} now={settings.now} result={zone} busy={busy} />
      <section className="c-panel" aria-labelledby="rates-title">
        <h2 id="rates-title">Currency rates</h2>
        <p className="c-field__hint c-rates__intro" id="rates-hint">
          Prices are kept and billed in US dollars; visitors may see them converted with these rates, rounded and marked approximate. Enter how many units of each currency one US dollar buys.
        </p>
        {rates?.ok ? <Notice>{rates.message}</Notice> : null}
        <FormError>{rates && !rates.ok ? rates.message : undefined}</FormError>
        <Form method="post" className="c-form c-rates-form" aria-describedby="rates-hint">
          <CsrfInput />
          <input type="hidden" name="intent" value="rates" />
          <div className="c-rates">
            {settings.currency.rates.map((r) => (
              <Field
                key={`${r.currency} ${r.updatedAt ?? ''}`}
                name={`rate-${r.currency}`}
                label={`${r.name} (${r.currency}) per US dollar`}
                hint={r.updatedAt ? `Set ${dayOf(r.updatedAt, settings.timeZone)}${r.updatedBy ? ` by ${r.updatedBy}` : ' from the content file'}` : 'No rate yet: prices stay in US dollars'}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                defaultValue={rates && !rates.ok ? (rates.typed[r.currency] ?? '') : r.perUsd === null ? '' : String(r.perUsd)}
                invalid={rates && !rates.ok && rates.field === r.currency}
              />
            ))}
          </div>
          <div>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Save rates
            </button>
          </div>
        </Form>
      </section>
      <ReminderSettingsSection settings={settings.reminders} result={result?.form === 'reminders' ? result : undefined} busy={busy} />
      <ReplyTemplatesSection templates={settings.replyTemplates} result={result?.form === 'reply-templates' ? result : undefined} busy={busy} />
    </>
  );
}

/** Whether agents may export the enquiries (personal data): off until an owner ticks it. */
function ExportSection({ allowed, result, busy }: { allowed: boolean; result?: { ok: boolean; message: string }; busy: boolean }) {
  return (
    <section className="c-panel" aria-labelledby="export-title">
      <h2 id="export-title">Exports</h2>
      <FormOutcome result={result} />
      <IntentForm intent="export" className="c-form">
        <div className="c-check">
          <input id="agents-export" name="agentsExport" type="checkbox" value="yes" defaultChecked={allowed} aria-describedby="agents-export-hint" />
          <label htmlFor="agents-export">Agents may export enquiries</label>
        </div>
        <p className="c-field__hint" id="agents-export-hint">
          Owners always may. An export is a file of travellers’ names, addresses and messages: every export, by anyone, is written to the audit log.
        </p>
        <div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save export setting
          </button>
        </div>
      </IntentForm>
    </section>
  );
}

/** The operator's time zone (common/operator-time.ts). */
function ZoneSection({ zone, now, result, busy }: { zone: string; now: string; result?: { ok: boolean; message: string }; busy: boolean }) {
  return (
    <section className="c-panel" aria-labelledby="zone-title">
      <h2 id="zone-title">Time zone</h2>
      <FormOutcome result={result} />
      <IntentForm intent="zone" className="c-form">
        <div className="c-field">
          <label htmlFor="time-zone">The operator’s time zone</label>
          <p className="c-field__hint" id="time-zone-hint">
            Campaigns are scheduled in it, and the times in the operator’s e-mails and on every console screen are written in it. Now: {operatorTime(now, zone)}.
          </p>
          <select id="time-zone" name="timeZone" defaultValue={zone} aria-describedby="time-zone-hint" className="c-input" key={zone}>
            {timeZoneChoices().map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save time zone
          </button>
        </div>
      </IntentForm>
    </section>
  );
}
