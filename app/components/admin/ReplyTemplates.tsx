// The settings screen's section for the reply templates (owners): each template's name, language and words,
// with the placeholders filled when an agent uses it ({name}, {safari}, {agent}); a blank one to
// add another, and a box to remove one. One form, the whole list saved at once; it works without
// JavaScript. Its loader part, its action and its form live here, so the settings screen only mounts it.
import { Form } from 'react-router';
import { REPLY_BODY_MAX } from '../../../common/enquiry-inbox.ts';
import type { Language } from '../../../common/languages.ts';
import { REPLY_TEMPLATE_NAME_MAX, REPLY_TEMPLATE_PLACEHOLDERS, REPLY_TEMPLATES_MAX, type ReplyTemplate, templateLanguage } from '../../../common/reply-templates.ts';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { CsrfInput, FormOutcome, LanguageOptions } from './ConsoleUi.tsx';

type Ctx = Parameters<typeof adminGet>[0];
type Result = { ok: boolean; message: string; typed?: ReplyTemplate[] };

export const loadReplyTemplates = async (context: Ctx, request: Request) => (await adminGet<{ templates: ReplyTemplate[] }>(context, request, '/settings/reply-templates')).templates;

/** The templates as posted: those not ticked for removal, and the new one when it has words. */
function postedTemplates(form: FormData): ReplyTemplate[] {
  const out: ReplyTemplate[] = [];
  for (let i = 0; form.has(`t${i}-name`); i++) {
    const name = String(form.get(`t${i}-name`) ?? '');
    const body = String(form.get(`t${i}-body`) ?? '');
    const id = String(form.get(`t${i}-id`) ?? '') || `t-${Date.now().toString(36)}`;
    const isNew = !form.get(`t${i}-id`);
    if (form.get(`t${i}-remove`) === 'yes' || (isNew && !name.trim() && !body.trim())) continue;
    // English is sent as no language (the API keeps it so); another is checked by the API.
    const language = String(form.get(`t${i}-language`) ?? '') || 'en';
    out.push(language === 'en' ? { id, name, body } : { id, name, body, language: language as Language });
  }
  return out;
}

export async function saveReplyTemplates(form: FormData, context: Ctx, request: Request) {
  const templates = postedTemplates(form);
  const sent = await adminSend<{ templates: ReplyTemplate[]; changed: boolean }>(context, request, '/settings/reply-templates', { method: 'PUT', json: { templates }, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { ok: false as const, form: 'reply-templates' as const, message: sent.error!, typed: templates };
  return { ok: true as const, form: 'reply-templates' as const, message: sent.data!.changed ? 'The reply templates are saved.' : 'Nothing changed.' };
}

function TemplateFields({ t, i }: { t: ReplyTemplate | null; i: number }) {
  const label = t?.name ? `Template “${t.name}”` : 'A new template';
  return (
    <fieldset className="c-fieldset c-template">
      <legend>{label}</legend>
      <input type="hidden" name={`t${i}-id`} value={t?.id ?? ''} />
      <div className="c-field">
        <label htmlFor={`t${i}-name`}>Name</label>
        <input id={`t${i}-name`} name={`t${i}-name`} maxLength={REPLY_TEMPLATE_NAME_MAX} defaultValue={t?.name ?? ''} />
      </div>
      <div className="c-field">
        <label htmlFor={`t${i}-language`}>Language</label>
        <select id={`t${i}-language`} name={`t${i}-language`} defaultValue={t ? templateLanguage(t) : 'en'}>
          <LanguageOptions />
        </select>
      </div>
      <div className="c-field">
        <label htmlFor={`t${i}-body`}>Words</label>
        <textarea id={`t${i}-body`} name={`t${i}-body`} rows={6} maxLength={REPLY_BODY_MAX} defaultValue={t?.body ?? ''} aria-describedby="templates-hint" />
      </div>
      {t ? (
        <div className="c-check">
          <input id={`t${i}-remove`} name={`t${i}-remove`} type="checkbox" value="yes" />
          <label htmlFor={`t${i}-remove`}>Remove this template</label>
        </div>
      ) : null}
    </fieldset>
  );
}

export function ReplyTemplatesSection({ templates, result, busy }: { templates: ReplyTemplate[]; result?: Result; busy: boolean }) {
  const shown = result && !result.ok && result.typed ? result.typed : templates;
  return (
    <section className="c-panel" aria-labelledby="templates-title">
      <h2 id="templates-title">Reply templates</h2>
      <p className="c-field__hint" id="templates-hint">
        Words an agent can start a reply to an enquiry with, each in the language it is written in (an enquiry’s reply offers the templates in its traveller’s language first). These placeholders are
        filled in:{' '}
        {Object.entries(REPLY_TEMPLATE_PLACEHOLDERS)
          .map(([k, v]) => `{${k}} ${v}`)
          .join('; ')}
        .
      </p>
      <FormOutcome result={result} />
      <Form method="post" className="c-form" key={JSON.stringify(shown)}>
        <CsrfInput />
        <input type="hidden" name="intent" value="reply-templates" />
        {shown.map((t, i) => (
          <TemplateFields key={t.id} t={t} i={i} />
        ))}
        {shown.length < REPLY_TEMPLATES_MAX ? <TemplateFields t={null} i={shown.length} /> : null}
        <div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save reply templates
          </button>
        </div>
      </Form>
    </section>
  );
}
