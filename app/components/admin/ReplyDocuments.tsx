// The enquiry screen's reply form, its extra parts: a template to start from ("Use template" posts
// the form and comes back with the template's words in the reply, filled for the enquiry and the
// agent, so it works without JavaScript), and the documents that go with the reply: the safari's
// itinerary PDF and a sent quote of the enquiry (its PDF and the private trip link).
import { LANGUAGES } from '../../../common/languages.ts';
import type { ReplyKit } from '../../../common/reply-documents.ts';
import { type ReplyTemplate, templateLanguage } from '../../../common/reply-templates.ts';
import { adminGet } from '../../lib/admin.ts';

type Ctx = Parameters<typeof adminGet>[0];

interface TypedReply {
  subject: string;
  body: string;
  attachItinerary: string;
  quoteId: string;
}

/** "Use template": the reply form's values, its words now the template's. */
export async function templateFill(context: Ctx, request: Request, id: string, templateId: string, fields: TypedReply) {
  const kit = /^[1-9][0-9]{0,9}$/.test(id) ? await adminGet<ReplyKit>(context, request, `/enquiries/${id}/reply-kit`) : null;
  const t = kit?.templates.find((x) => x.id === templateId);
  if (!t) return { intent: 'reply' as const, error: 'Choose a template, then “Use template”.', field: 'template', fields };
  return {
    intent: 'reply' as const,
    fields: { ...fields, body: t.body },
    // A new key each time, so the reply's box shows the template's words even when it was used before.
    template: `${t.id}.${Date.now()}`,
    notice: `The template “${t.name}” is in your reply. Read it, change what you need, then send it.`,
  };
}

const templateOptions = (templates: ReplyTemplate[]) =>
  templates.map((t) => (
    <option key={t.id} value={t.id}>
      {t.name}
    </option>
  ));

/** The templates, grouped by language when they are in several: the traveller's first (the kit's order). */
function TemplateOptions({ kit }: { kit: ReplyKit }) {
  const languages = [...new Set(kit.templates.map(templateLanguage))];
  if (languages.length < 2) return <>{templateOptions(kit.templates)}</>;
  return (
    <>
      {languages.map((l) => (
        <optgroup key={l} label={l === kit.language ? `${LANGUAGES[l].name} (the traveller’s language)` : LANGUAGES[l].name}>
          {templateOptions(kit.templates.filter((t) => templateLanguage(t) === l))}
        </optgroup>
      ))}
    </>
  );
}

export function ReplyTemplatePicker({ kit, result, busy }: { kit: ReplyKit; result?: { template?: string; notice?: string; field?: string; error?: string }; busy: boolean }) {
  const wrote =
    kit.language === 'en' ? null : (
      <p className="c-form__note" id="reply-language">
        The traveller wrote in {LANGUAGES[kit.language].name}: the templates in {LANGUAGES[kit.language].name} come first.
      </p>
    );
  if (!kit.templates.length)
    return (
      <>
        {wrote}
        <p className="c-muted c-form__note">No reply templates yet: an owner can write them in Settings.</p>
      </>
    );
  const error = result?.field === 'template' ? result.error : undefined;
  const described = [error ? 'reply-template-error' : '', wrote ? 'reply-language' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <>
      {wrote}
      <div className="c-inline-form c-reply-template">
        <div className="c-field">
          <label htmlFor="reply-template">Start from a template</label>
          <select id="reply-template" name="template" defaultValue="" aria-invalid={error ? true : undefined} aria-describedby={described}>
            <option value="">Choose a template</option>
            <TemplateOptions kit={kit} />
          </select>
          {error ? (
            <p className="c-field__error" id="reply-template-error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" name="useTemplate" value="yes" className="btn btn--ghost btn--sm" formNoValidate disabled={busy}>
          Use template
        </button>
        {result?.notice ? (
          <p className="c-muted c-reply-template__note" role="status">
            {result.notice}
          </p>
        ) : null}
      </div>
    </>
  );
}

export function ReplyDocuments({ kit, fields }: { kit: ReplyKit; fields?: Partial<TypedReply> }) {
  return (
    <fieldset className="c-fieldset c-reply-docs">
      <legend>Send with the reply</legend>
      {kit.itinerary ? (
        <div className="c-check">
          <input id="reply-itinerary" name="attachItinerary" type="checkbox" value="yes" defaultChecked={fields?.attachItinerary === 'yes'} />
          <label htmlFor="reply-itinerary">The itinerary of {kit.itinerary.title} (PDF)</label>
        </div>
      ) : (
        <p className="c-muted">This enquiry names no safari, so there is no itinerary to attach.</p>
      )}
      {kit.quotes.length ? (
        <div className="c-field">
          <label htmlFor="reply-quote">A quote (its PDF and the traveller’s private trip link)</label>
          <select id="reply-quote" name="quoteId" defaultValue={fields?.quoteId ?? ''}>
            <option value="">No quote</option>
            {kit.quotes.map((q) => (
              <option key={q.id} value={q.id}>
                {q.reference}, version {q.version}: {q.title}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="c-muted">No quote of this enquiry was sent yet: make one with “Make a quote”.</p>
      )}
    </fieldset>
  );
}
