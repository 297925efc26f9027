// /admin/content/:type/:id/translations/:lang: an item's translation edited side by side with its
// English (read-only on the left, the language's fields on the right; one column on a phone): the
// same kinds of fields as the English editor (texts, Markdown, lists one entry a line, every
// itinerary day and gallery picture, a page's blocks) and its address in that language. Saved
// with the English editor's revision rules (a save on an older revision is refused: reload);
// "Needs review" once the English text changed, until "Mark as reviewed". A plain form: it works
// without JavaScript and with the keyboard.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { ContentForm, ContentItem } from '../../../common/content-editing.ts';
import { TRANSLATION_STATE_TEXT, type TranslatableField, type TranslationView } from '../../../common/content-translations.ts';
import { LANGUAGES } from '../../../common/languages.ts';
import { CsrfInput, FormError, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { adminGet, CSRF_FIELD } from '../../lib/admin.ts';
import { contentSend } from '../../lib/content-api.ts';
import type { Route } from './+types/content-translation';
import './content-translation.css';

type Doc = Record<string, unknown>;
const TYPE = /^[a-z][a-z0-9-]{0,40}$/;
const ID = /^[1-9][0-9]{0,9}$/;
const LANG = /^(de|fr|es)$/;

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData ? LANGUAGES[loaderData.view.language].name : '';
  return [{ title: `${name} translation of ${loaderData?.item.title ?? 'an item'} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!TYPE.test(params.type) || !ID.test(params.id) || !LANG.test(params.lang)) throw new Response(null, { status: 404 });
  const base = `/content/${params.type}/${params.id}`;
  const [detail, view] = await Promise.all([
    adminGet<{ item: ContentItem; form: ContentForm }>(context, request, base),
    adminGet<TranslationView>(context, request, `${base}/translations/${params.lang}`),
  ]);
  const saved = new URL(request.url).searchParams.get('saved');
  return { item: detail.item, type: detail.form.type, view, saved: saved === 'review' ? 'review' : saved ? 'save' : null };
}

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The translation the form holds, in the shape of the English (field names are the paths: t.itinerary.0.title). */
function documentOf(fields: TranslatableField[], english: Doc, form: FormData, prefix: string): Doc {
  const out: Doc = {};
  for (const f of fields) {
    const name = `${prefix}.${f.name}`;
    const en = english[f.name];
    if (f.kind === 'text' || f.kind === 'markdown') out[f.name] = String(form.get(name) ?? '');
    else if (f.kind === 'list')
      out[f.name] = String(form.get(name) ?? '')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (f.kind === 'blocks' && isDoc(en)) out[f.name] = Object.fromEntries(Object.keys(en).map((k) => [k, String(form.get(`${name}.${k}`) ?? '')]));
    else if (f.kind === 'group' && isDoc(en)) out[f.name] = documentOf(f.fields, en, form, name);
    else if (f.kind === 'repeat' && Array.isArray(en)) out[f.name] = en.map((x, i) => (isDoc(x) ? documentOf(f.fields, x, form, `${name}.${i}`) : {}));
  }
  return out;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (!TYPE.test(params.type) || !ID.test(params.id) || !LANG.test(params.lang)) throw new Response(null, { status: 404 });
  const path = `/content/${params.type}/${params.id}/translations/${params.lang}`;
  const form = await request.formData();
  const csrf = form.get(CSRF_FIELD);
  const baseRevision = Number(form.get('baseRevision') ?? 0);
  if (form.get('intent') === 'review') {
    const done = await contentSend<TranslationView>(context, request, `${path}/review`, { json: { baseRevision }, csrf });
    if (done.ok) return redirect(`/admin${path}?saved=review`, { status: 303 });
    return { error: done.error, problems: [] as string[] };
  }
  const view = await adminGet<TranslationView>(context, request, path);
  const document = documentOf(view.fields, view.english, form, 't');
  const slug = String(form.get('slug') ?? '').trim();
  const done = await contentSend<TranslationView>(context, request, path, { method: 'PUT', json: { document, slug: slug || null, baseRevision }, csrf });
  if (done.ok) return redirect(`/admin${path}?saved=1`, { status: 303 });
  return { error: done.error, problems: done.kind === 'problems' ? done.problems.map((p) => p.message) : [] };
}

const LABELS: Record<string, string> = { metaDescription: 'Meta description', seo: 'Search engines', image: 'Header picture', alt: 'Alt text', itinerary: 'Itinerary', gallery: 'Gallery' };
const labelOf = (name: string) =>
  LABELS[name] ??
  name.charAt(0).toUpperCase() +
    name
      .slice(1)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();

interface Side {
  english: unknown;
  mine: unknown;
  name: string;
  label: string;
  lang: string;
}

/** One field: the English on the left (read-only), the translation's input on the right. */
function Pair({ kind, side }: { kind: 'text' | 'markdown' | 'list'; side: Side }) {
  const id = side.name.replace(/\./g, '-');
  const english = kind === 'list' && Array.isArray(side.english) ? side.english.join('\n') : String(side.english ?? '');
  const mine = kind === 'list' && Array.isArray(side.mine) ? side.mine.join('\n') : typeof side.mine === 'string' ? side.mine : '';
  const rows = Math.min(14, Math.max(kind === 'text' ? 1 : 3, english.split('\n').length + Math.floor(english.length / 70)));
  return (
    <div className="tr-pair">
      <div className="tr-pair__en">
        <span className="tr-pair__label" id={`${id}-en`}>
          {side.label} <span className="c-muted">(English)</span>
        </span>
        <div className="tr-pair__source" lang="en" aria-labelledby={`${id}-en`}>
          {english}
        </div>
      </div>
      <div className="tr-pair__mine">
        <label className="tr-pair__label" htmlFor={id}>
          {side.label} <span className="c-muted">({LANGUAGES[side.lang as 'de'].name})</span>
          {kind === 'list' ? <span className="c-muted"> · one entry a line</span> : kind === 'markdown' ? <span className="c-muted"> · Markdown</span> : null}
        </label>
        {kind === 'text' && rows === 1 ? (
          <input id={id} name={side.name} lang={side.lang} defaultValue={mine} className="c-input" />
        ) : (
          <textarea id={id} name={side.name} lang={side.lang} defaultValue={mine} rows={rows} className="c-input" />
        )}
      </div>
    </div>
  );
}

function Fields({ fields, english, mine, prefix, lang }: { fields: TranslatableField[]; english: Doc; mine: Doc; prefix: string; lang: string }) {
  return (
    <>
      {fields.map((f) => {
        const en = english[f.name];
        const tr = mine[f.name];
        const name = `${prefix}.${f.name}`;
        if (en === undefined || en === null) return null;
        if (f.kind === 'text' || f.kind === 'markdown' || f.kind === 'list') return <Pair key={f.name} kind={f.kind} side={{ english: en, mine: tr, name, label: labelOf(f.name), lang }} />;
        if (f.kind === 'blocks' && isDoc(en))
          return Object.keys(en).map((k) => <Pair key={`${f.name}.${k}`} kind="markdown" side={{ english: en[k], mine: isDoc(tr) ? tr[k] : '', name: `${name}.${k}`, label: `Block “${k}”`, lang }} />);
        if (f.kind === 'group' && isDoc(en))
          return (
            <fieldset key={f.name} className="tr-group">
              <legend>{labelOf(f.name)}</legend>
              <Fields fields={f.fields} english={en} mine={isDoc(tr) ? tr : {}} prefix={name} lang={lang} />
            </fieldset>
          );
        if (f.kind === 'repeat' && Array.isArray(en))
          return en.map((x, i) =>
            isDoc(x) ? (
              <fieldset key={`${f.name}.${i}`} className="tr-group">
                <legend>{f.name === 'itinerary' ? `Day ${i + 1}` : `${labelOf(f.name)}: picture ${i + 1}`}</legend>
                <Fields fields={f.fields} english={x} mine={Array.isArray(tr) && isDoc(tr[i]) ? (tr[i] as Doc) : {}} prefix={`${name}.${i}`} lang={lang} />
              </fieldset>
            ) : null,
          );
        return null;
      })}
    </>
  );
}

export default function ContentTranslation() {
  const { item, type, view, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const language = LANGUAGES[view.language];
  const t = view.translation;
  const state = !t ? 'missing' : !t.complete ? 'incomplete' : t.status;
  return (
    <>
      <PageHead
        title={`${language.name}: ${item.title}`}
        lead={
          <>
            <Link to={`/admin/content/${type.name}/${item.id}`}>Back to the {type.singular}</Link> · <Link to="/admin/translations">What needs translating</Link> ·{' '}
            <span className={`c-badge ${state === 'current' ? 'c-badge--on' : 'c-badge--wait'}`}>{TRANSLATION_STATE_TEXT[state]}</span>
          </>
        }
      />
      {saved === 'save' ? <Notice>The translation is saved.</Notice> : saved === 'review' ? <Notice>Marked as reviewed against today’s English.</Notice> : null}
      {answer?.error ? <FormError items={answer.problems}>{answer.error}</FormError> : null}
      {t?.status === 'needs_review' ? (
        <Form method="post" className="tr-review">
          <CsrfInput />
          <input type="hidden" name="baseRevision" value={t.revision} />
          <input type="hidden" name="intent" value="review" />
          <p>The English text changed since this translation was made. It is still on the site; check it against the English, change what needs changing, and mark it as reviewed.</p>
          <button type="submit" className="btn btn--ghost" disabled={busy}>
            Mark as reviewed
          </button>
        </Form>
      ) : null}
      <Form method="post" className="tr-form">
        <CsrfInput />
        <input type="hidden" name="baseRevision" value={t?.revision ?? 0} />
        <div className="tr-pair">
          <div className="tr-pair__en">
            <span className="tr-pair__label">Address</span>
            <div className="tr-pair__source">{item.slug}</div>
          </div>
          <div className="tr-pair__mine">
            <label className="tr-pair__label" htmlFor="slug">
              Address in {language.name} <span className="c-muted">(optional; lower-case words joined by hyphens)</span>
            </label>
            <input id="slug" name="slug" defaultValue={t?.slug ?? ''} className="c-input" pattern="[a-z0-9]+(-[a-z0-9]+)*" />
          </div>
        </div>
        <Fields fields={view.fields} english={view.english} mine={t?.document ?? {}} prefix="t" lang={view.language} />
        <p className="tr-actions">
          <button type="submit" className="btn" disabled={busy}>
            Save the translation
          </button>
        </p>
      </Form>
    </>
  );
}
