// /admin/content/:type/new and /admin/content/:type/:id: one item's form, drawn from its type's
// fields (app/components/admin/ContentFields.tsx), with its address, its state and the buttons
// that save it, publish, unpublish or schedule it (each first saves what the form holds), and its
// deletion. Without JavaScript every button is a plain form post: the list buttons (add, remove,
// move a day or a picture) and "Preview" come back as the same form with the unsaved document
// changed, nothing typed lost; with JavaScript those act in the browser. A save made on an older
// revision (someone else saved meanwhile) is merged by the API field by field; when both changed a
// field it comes back as the conflict view: the saved version, each field both changed with its two
// values to choose from ("Keep mine" / "Keep theirs", app/components/admin/MergeChoices.tsx), and
// your version merged with the fields only they changed in the form. Saving with the choices saves
// on their revision, theirs read back from it.
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Form, Link, redirect, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router';
import {
  CONTENT_MESSAGES,
  type ContentConflict,
  type ContentDocument,
  type ContentForm,
  type ContentItem,
  type ContentRevision,
  type DiffLine,
  type FieldSpec,
  fieldLabel,
} from '../../../common/content-editing.ts';
import { TRANSLATION_STATE_TEXT, type TranslationState } from '../../../common/content-translations.ts';
import { LANGUAGES } from '../../../common/languages.ts';
import type { MediaImage, MediaList } from '../../../common/media-library.ts';
import { safariHeading } from '../../../common/safari-title.ts';
import { CsrfInput, Field, FormError, IntentForm, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { ContentFields, type LibrarySearch } from '../../components/admin/ContentFields.tsx';
import { At, ContentStatusBadge, DiffView } from '../../components/admin/ContentUi.tsx';
import { type MergeChoice, MergeChoices } from '../../components/admin/MergeChoices.tsx';
import { imageMetaOf } from '../../components/Image.tsx';
import { apiContext } from '../../context.ts';
import { adminFetch, adminGet, CSRF_FIELD, operatorZoneOf } from '../../lib/admin.ts';
import { contentSend, type ContentAnswer } from '../../lib/content-api.ts';
import {
  applyIntent,
  contentImagePath,
  decodeDocument,
  describePath,
  fieldId,
  fromDateTimeInput,
  getAt,
  libraryQueryName,
  parseIntent,
  parsePathKey,
  pathKey,
  problemAnchor,
  problemsByAnchor,
  sameContent,
  setAt,
  slugify,
  SLUG_PATTERN,
  toDateTimeInput,
  type Path,
  type Problem,
} from '../../lib/content-form.ts';
import { useOperatorZone, when } from '../../lib/console-time.ts';
import type { Route } from './+types/content-edit';
import './content-edit.css';

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? (loaderData.item ? `Edit ${loaderData.item.title}` : `New ${loaderData.form.type.singular}`) : 'Content';
  return [{ title: `${title} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

const TYPE = /^[a-z][a-z0-9-]{0,40}$/;
const ID = /^[1-9][0-9]{0,9}$/;
const noStore = { 'cache-control': 'no-store' };

function notFound(): never {
  throw new Response(null, { status: 404 });
}

/** Whether a form has pictures to choose (then the media library is loaded with it). */
function hasPictures(fields: readonly FieldSpec[]): boolean {
  return fields.some((f) => f.kind === 'image' || (f.kind === 'repeat' && (f.picture || hasPictures(f.fields))) || (f.kind === 'group' && hasPictures(f.fields)));
}

async function readItem(context: Route.LoaderArgs['context'], request: Request, params: { type: string; id?: string }) {
  if (!TYPE.test(params.type)) notFound();
  if (params.id !== undefined) {
    if (!ID.test(params.id)) notFound();
    const detail = await adminGet<{ item: ContentItem; form: ContentForm }>(context, request, `/content/${params.type}/${params.id}`);
    return { item: detail.item, form: detail.form, answer: detail };
  }
  const form = await adminGet<ContentForm>(context, request, `/content/${params.type}/form`);
  if (form.type.fixed) notFound();
  return { item: null, form, answer: form };
}

/** The content images (not library ones) an item's pictures stand for: its header and gallery files. */
function contentPictures(fields: readonly FieldSpec[], doc: ContentDocument, collection: string, slug: string): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const v = doc[f.name];
    if (f.kind === 'image' && v && typeof v === 'object' && !(v as { upload?: unknown }).upload) {
      const p = contentImagePath(collection, slug, v as { file?: unknown });
      if (p) out.push(p);
    } else if (f.kind === 'repeat' && f.picture && Array.isArray(v)) {
      for (const entry of v) {
        const p = entry && typeof entry === 'object' && !(entry as { upload?: unknown }).upload ? contentImagePath(collection, slug, entry as { file?: unknown }, true) : undefined;
        if (p) out.push(p);
      }
    } else if (f.kind === 'group' && v && typeof v === 'object') out.push(...contentPictures(f.fields, v as ContentDocument, collection, slug));
  }
  return out;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { item, form, answer } = await readItem(context, request, params);
  const media = hasPictures(form.fields) ? await adminGet<MediaList>(context, request, '/media') : undefined;
  const library = (media?.items ?? []).filter((m) => m.status === 'done');
  // Which of the item's content images exist (an item made in the console may have none): only
  // those are shown, the others say "no picture yet" rather than a broken image.
  const api = context.get(apiContext);
  const candidates = item ? [...new Set(contentPictures(form.fields, item.document, form.type.name, item.slug))].slice(0, 40) : [];
  const found = await Promise.all(
    candidates.map((p) =>
      api.fetch(`/${p}`, { method: 'HEAD' }).then(
        (r) => (r.ok ? p : undefined),
        () => undefined,
      ),
    ),
  );
  // The pictures' metadata (hashed variant names, sizes, placeholders) for the Image component.
  const translations = item ? await translationStatesOf(context, request, `/content/${form.type.name}/${item.id}/translations`) : [];
  return { item, form, library, pictures: found.filter((p): p is string => Boolean(p)), imageMeta: imageMetaOf(answer, media), translations };
}

/** The item's translation in each language (none for a type that is not translated). */
async function translationStatesOf(context: Route.LoaderArgs['context'], request: Request, path: string): Promise<TranslationState[]> {
  const res = await adminFetch(context, request, path);
  return res.ok ? ((await res.json()) as { languages: TranslationState[] }).languages : [];
}

const WRITES = ['save', 'publish', 'unpublish', 'schedule'] as const;
type Write = (typeof WRITES)[number];
const DONE: Record<Exclude<Write, 'save'>, string> = { publish: 'published', unpublish: 'unpublished', schedule: 'scheduled' };

export interface EditState {
  kind: 'edit' | 'problems' | 'conflict';
  doc: ContentDocument;
  slug: string;
  baseRevision: number;
  publishAt: string;
  /** The element to focus on the page drawn from this answer. */
  focus?: string;
  previews?: Record<string, string>;
  error?: string;
  /** The field `error` is about, outside the document ('slug', 'publishAt'). */
  field?: string;
  /** The address's own problem, when a refused document had one. */
  slugError?: string;
  /** A picture chooser's library search: the pictures found, and which chooser asked. */
  library?: MediaImage[];
  librarySearch?: LibrarySearch;
  problems?: Problem[];
  conflict?: { current: ContentItem; diff: DiffLine[]; merge?: ContentConflict['merge'] };
  /** After a conflict with fields both changed: the choices made so far. */
  choices?: Record<string, MergeChoice>;
}

type ActionResult = EditState | { kind: 'delete'; error: string };

/** A refused write, as the form shows it: the conflict view, the problems, or the error. */
function refused(sent: Exclude<ContentAnswer<unknown>, { ok: true }>, state: EditState): EditState {
  if (sent.kind === 'conflict') {
    const { current, diff, merge } = sent.conflict;
    // Merged: the form holds the merged version, and the save keeps the revision it was made on.
    if (merge?.fields.length)
      return { ...state, kind: 'conflict', doc: merge.merged.document, slug: merge.merged.slug, error: state.error ?? sent.error, conflict: { current, diff: diff ?? [], merge } };
    return { ...state, kind: 'conflict', baseRevision: current.revision, error: CONTENT_MESSAGES.conflict, conflict: { current, diff: diff ?? [] } };
  }
  if (sent.kind === 'problems') {
    const problems = sent.problems.map((p) => ({ ...p, path: p.path.replace(/^document\./, '') }));
    const slugProblem = problems.find((p) => p.path === 'slug');
    const atProblem = problems.find((p) => p.path === 'at');
    const rest = problems.filter((p) => p.path !== 'slug' && p.path !== 'at');
    if (atProblem && !rest.length) return { ...state, kind: 'edit', error: atProblem.message, field: 'publishAt' };
    if (slugProblem && !rest.length) return { ...state, kind: 'edit', error: slugProblem.message, field: 'slug' };
    return { ...state, kind: 'problems', problems: rest, error: sent.error || CONTENT_MESSAGES.invalid, ...(slugProblem ? { field: 'slug', slugError: slugProblem.message } : {}) };
  }
  const slugCode = /slug/i.test(sent.code ?? '');
  return { ...state, kind: 'edit', error: sent.error, field: slugCode ? 'slug' : /schedule|publish-?at/i.test(sent.code ?? '') ? 'publishAt' : undefined };
}

type Ctx = Route.ActionArgs['context'];

/**
 * A save after a conflict with fields both changed: when every such field has its choice, the
 * form's version with theirs taken where chosen (read from the revision they saved), to be saved on
 * that revision; otherwise the form's version on its own revision again, which the API answers with
 * the same conflict, and the reminder to choose.
 */
async function withChoices(context: Ctx, request: Request, fd: FormData, state: EditState, itemPath: string): Promise<EditState> {
  const clashes = fd.getAll('clash').map(String);
  const theirsRevision = Number.parseInt(String(fd.get('theirsRevision') ?? ''), 10);
  if (!clashes.length || !Number.isInteger(theirsRevision) || theirsRevision < 1) return state;
  const choices: Record<string, MergeChoice> = {};
  for (const name of clashes) {
    const c = fd.get(`choose.${name}`);
    if (c === 'mine' || c === 'theirs') choices[name] = c;
  }
  if (Object.keys(choices).length < clashes.length) return { ...state, choices, error: CONTENT_MESSAGES.chooseEach };
  const theirs = await adminGet<ContentRevision>(context, request, `${itemPath}/revisions/${theirsRevision}`);
  const doc: ContentDocument = { ...state.doc };
  let slug = state.slug;
  for (const [name, c] of Object.entries(choices)) {
    if (c !== 'theirs') continue;
    if (name === 'slug') slug = theirs.slug;
    else if (name in theirs.document) doc[name] = theirs.document[name];
    else delete doc[name];
  }
  return { ...state, doc, slug, baseRevision: theirsRevision, choices };
}

/** Deletes the item once the box is ticked; a refusal says why (what refers to it, each named). */
async function deleteItem(context: Ctx, request: Request, params: Route.ActionArgs['params'], fd: FormData): Promise<ActionResult> {
  const type = params.type;
  const rev = Number.parseInt(String(fd.get('baseRevision') ?? ''), 10);
  if (params.id === undefined || !ID.test(params.id) || !TYPE.test(type)) notFound();
  if (fd.get('confirm') !== 'yes') return { kind: 'delete', error: 'Tick the box to confirm the deletion.' };
  const sent = await contentSend(context, request, `/content/${type}/${params.id}`, { method: 'DELETE', json: { baseRevision: rev }, csrf: fd.get(CSRF_FIELD) });
  if (!sent.ok) {
    if (sent.kind === 'conflict') return { kind: 'delete', error: 'Someone saved this item after you opened it. Reload the page to see their version before deleting it.' };
    // What refers to it, when that is why (each problem names one).
    const detail = sent.kind === 'problems' ? sent.problems.map((p) => p.message).filter((m) => m && m !== sent.error) : [];
    return { kind: 'delete', error: [sent.error, ...detail].join(' ') };
  }
  const title = String(fd.get('title') ?? '').slice(0, 200);
  throw redirect(`/admin/content/${type}?deleted=${encodeURIComponent(title)}`, { status: 303, headers: noStore });
}

/** The list buttons, a library search and "Preview": the same form again, changed, nothing saved (undefined: a write). */
async function formAgain(context: Ctx, request: Request, fd: FormData, intent: string, state: EditState, fields: readonly FieldSpec[]): Promise<ActionResult | undefined> {
  const csrf = fd.get(CSRF_FIELD);
  const doc = state.doc;
  let parsed = parseIntent(intent);
  if (intent === 'refresh') {
    // Enter in a library search field (without JavaScript) is that search.
    const typed = [...new Set(fd.keys())].find((k) => k.startsWith('libq.') && String(fd.get(k) ?? '').trim());
    if (typed) parsed = { op: 'library', path: parsePathKey(typed.slice(5)) };
  }
  if (parsed?.op === 'library') {
    // A picture chooser's search of the media library: the form again, with what was found.
    const key = pathKey(parsed.path);
    const q = String(fd.get(libraryQueryName(parsed.path)) ?? '')
      .trim()
      .slice(0, 200);
    const found = await adminGet<MediaList>(context, request, `/media${q ? `?q=${encodeURIComponent(q)}` : ''}`);
    return { ...state, library: found.items.filter((m) => m.status === 'done'), librarySearch: { key, q, total: found.total }, focus: fieldId(parsed.path, 'libq') };
  }
  if (parsed?.op === 'preview') {
    const markdown = getAt(doc, parsed.path);
    const key = pathKey(parsed.path);
    const sent = await contentSend<{ html: string }>(context, request, '/content/preview', { json: { markdown: typeof markdown === 'string' ? markdown : '' }, csrf });
    if (!sent.ok) return { ...state, error: sent.error };
    return { ...state, previews: { [key]: sent.data.html }, focus: fieldId(parsed.path, 'preview') };
  }
  if (parsed) {
    const applied = applyIntent(doc, intent, fields);
    return applied ? { ...state, doc: applied.doc, focus: applied.focus } : { ...state, error: 'This button does not belong to this form. Reload the page and try again.' };
  }
  if (intent === 'refresh') return state;
  return undefined;
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const fd = await request.formData();
  const intent = String(fd.get('intent') ?? 'save');
  const csrf = fd.get(CSRF_FIELD);
  const type = params.type;
  const rev = Number.parseInt(String(fd.get('baseRevision') ?? ''), 10);

  if (intent === 'delete') return deleteItem(context, request, params, fd);

  const { item, form } = await readItem(context, request, params);
  const fields = form.fields;
  const doc = decodeDocument(fd, fields);
  const slug = item && form.type.fixed ? item.slug : String(fd.get('slug') ?? '').trim();
  const publishAt = String(fd.get('publishAt') ?? '');
  const state: EditState = { kind: 'edit', doc, slug, baseRevision: Number.isFinite(rev) ? rev : (item?.revision ?? 0), publishAt };

  // The list buttons and "Preview": the same form again, changed, nothing saved.
  const again = await formAgain(context, request, fd, intent, state, fields);
  if (again) return again;
  if (!(WRITES as readonly string[]).includes(intent)) return { ...state, error: 'Choose what to do.' };
  const write = intent as Write;

  let at: string | undefined;
  if (write === 'schedule') {
    at = fromDateTimeInput(publishAt, await operatorZoneOf(context, request));
    if (!at) return { ...state, error: 'Choose the date and time of publication.', field: 'publishAt' };
    if (Date.parse(at) <= Date.now()) return { ...state, error: CONTENT_MESSAGES.scheduleInPast, field: 'publishAt' };
  }

  // First the document is saved (unless it says what the saved one says), then its state changes.
  let saved: ContentItem;
  let changed = true;
  let merged: string[] = [];
  if (!item) {
    const sent = await contentSend(context, request, `/content/${type}`, { json: { slug, document: doc }, csrf });
    if (!sent.ok) return refused(sent, state);
    saved = sent.data.item;
  } else if (slug === item.slug && sameContent(doc, item.document)) {
    saved = item;
    changed = false;
  } else {
    const chosen = await withChoices(context, request, fd, state, `/content/${type}/${item.id}`);
    const sent = await contentSend<{ item: ContentItem; merged?: string[] }>(context, request, `/content/${type}/${item.id}`, {
      method: 'PUT',
      json: { slug: chosen.slug, document: chosen.doc, baseRevision: chosen.baseRevision },
      csrf,
    });
    if (!sent.ok) return refused(sent, chosen);
    saved = sent.data.item;
    merged = sent.data.merged ?? [];
  }
  const moved = Boolean(item && item.slug !== saved.slug && item.status === 'published');

  if (write !== 'save') {
    const sent = await contentSend(context, request, `/content/${type}/${saved.id}/${write}`, { json: { baseRevision: saved.revision, ...(at ? { at } : {}) }, csrf });
    if (!sent.ok) {
      const after: EditState = { kind: 'edit', doc: saved.document, slug: saved.slug, baseRevision: saved.revision, publishAt };
      if (sent.kind === 'conflict') return refused(sent, after);
      const failed = refused(sent, after);
      if (changed && !item) {
        // The new item exists now: its own address, with the reason it is still a draft.
        throw redirect(`/admin/content/${type}/${saved.id}?done=created&failed=${encodeURIComponent(sent.error)}`, { status: 303, headers: noStore });
      }
      return { ...failed, error: changed ? `Your changes are saved, but: ${sent.error}` : sent.error };
    }
    saved = sent.data.item;
  }
  const done = write === 'save' ? (!item ? 'created' : changed ? 'saved' : 'unchanged') : DONE[write];
  const also = merged.length ? `&merged=${encodeURIComponent(merged.join(','))}` : '';
  throw redirect(`/admin/content/${type}/${saved.id}?done=${done}${moved ? '&moved=1' : ''}${also}`, { status: 303, headers: noStore });
}

/** The fields a save took from a version saved meanwhile (their labels), for the notice. */
function mergedNote(params: URLSearchParams, fields: readonly FieldSpec[]): ReactNode {
  const names = (params.get('merged') ?? '').split(',').filter(Boolean);
  if (!names.length) return null;
  const labels = names.map((n) => fieldLabel(fields, n));
  return <> Someone else saved it meanwhile: their changes to {labels.join(', ')} are kept too.</>;
}

function DoneNotice({ item, singular, fields }: { item: ContentItem | null; singular: string; fields: readonly FieldSpec[] }) {
  const [params] = useSearchParams();
  const zone = useOperatorZone();
  const done = params.get('done');
  const failed = params.get('failed');
  if (!item || !done) return null;
  const view =
    item.status === 'published' && item.publicPath ? (
      <>
        {' '}
        <a href={item.publicPath}>View it on the site.</a>
      </>
    ) : null;
  const text: Record<string, ReactNode> = {
    created: <>The {singular} is saved as a draft: it is not on the site until it is published.</>,
    saved:
      item.status === 'published' ? (
        <>Saved. The changes are on the site.{view}</>
      ) : item.status === 'scheduled' && item.publishAt ? (
        <>Saved. It will be published on {when(item.publishAt, { zone })}.</>
      ) : (
        <>Saved as a draft.</>
      ),
    unchanged: <>Nothing to save: the form says what the saved version says.</>,
    published: <>Published: it is on the site now.{view}</>,
    unpublished: <>Unpublished: it is no longer on the site and is kept as a draft.</>,
    scheduled: item.publishAt ? <>Scheduled: it will be published on {when(item.publishAt, { zone })}.</> : <>Scheduled.</>,
    restored: <>The earlier version is restored (saved as a new revision).{view}</>,
  };
  return (
    <>
      {text[done] ? (
        <Notice>
          {text[done]}
          {params.has('moved') ? <> Its old address now redirects to the new one.</> : null}
          {mergedNote(params, fields)}
        </Notice>
      ) : null}
      {failed ? <FormError>It could not be published: {failed}</FormError> : null}
    </>
  );
}

function ProblemSummary({ fields, problems, error }: { fields: readonly FieldSpec[]; problems: Problem[]; error?: string }) {
  const items = problems.map((p) => (
    <>
      <a href={`#${problemAnchor(fields, p.path) ? fieldId(problemAnchor(fields, p.path)) : 'content-form'}`}>{describePath(fields, p.path)}</a>: {p.message}
    </>
  ));
  return (
    <FormError className="c-problems" items={items}>
      {error || CONTENT_MESSAGES.invalid}
    </FormError>
  );
}

/** What was merged, and the fields both changed with their two values to choose from. */
function MergeView({ merge, current, choices, fields }: { merge: NonNullable<ContentConflict['merge']>; current: ContentItem; choices: Record<string, MergeChoice>; fields: readonly FieldSpec[] }) {
  return (
    <>
      {merge.taken.length ? (
        <p className="c-merge__taken">
          Their changes to {merge.taken.map((n) => fieldLabel(fields, n)).join(', ')} are already in your version below: only they changed {merge.taken.length === 1 ? 'that field' : 'those fields'}.
        </p>
      ) : null}
      <h3 className="c-subhead">{merge.fields.length === 1 ? 'The field you both changed' : `The ${merge.fields.length} fields you both changed`}: choose which version to keep</h3>
      <MergeChoices fields={merge.fields} choices={choices} by={current.updatedBy || 'the content files'} />
      <div className="c-editor__buttons">
        <button type="submit" form="content-form" name="intent" value="save" className="btn btn--primary">
          Save with these choices
        </button>
      </div>
    </>
  );
}

function ConflictView({
  current,
  diff,
  here,
  merge,
  choices,
  fields,
}: {
  current: ContentItem;
  diff: DiffLine[];
  here: string;
  merge?: ContentConflict['merge'];
  choices: Record<string, MergeChoice>;
  fields: readonly FieldSpec[];
}) {
  return (
    <section className="c-panel c-conflict" aria-labelledby="theirs-title">
      <h2 id="theirs-title">The saved version (revision {current.revision})</h2>
      <dl className="c-facts">
        <div>
          <dt>Saved by</dt>
          <dd className="c-break">{current.updatedBy || 'The content files'}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            <At iso={current.updatedAt} />
          </dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>
            <ContentStatusBadge item={current} />
          </dd>
        </div>
        <div>
          <dt>Title</dt>
          <dd className="c-break">{current.title}</dd>
        </div>
        <div className="c-facts__wide">
          <dt>Address</dt>
          <dd>
            <code className="c-mono c-break">{current.slug}</code>
          </dd>
        </div>
      </dl>
      {merge ? (
        <MergeView merge={merge} current={current} choices={choices} fields={fields} />
      ) : (
        <DiffView lines={diff} title="What differs between the saved version and yours" labels={{ minus: 'Only in the saved version', plus: 'Only in your version' }} />
      )}
      <p className="c-conflict__choice">
        Keep theirs instead? <a href={here}>Discard your changes and load the saved version</a>.
      </p>
    </section>
  );
}

interface Shown {
  doc: ContentDocument;
  /** Moves on when the fields are drawn again from `doc` (after a list button in the browser). */
  version: number;
  focus?: string;
  previews: Record<string, string>;
  problems: Problem[];
}

type Edit = Exclude<ActionResult, { kind: 'delete' }>;

export default function ContentEditor() {
  const { item, form, library, pictures } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const type = form.type;
  const edit = result && result.kind !== 'delete' ? result : undefined;
  const del = result?.kind === 'delete' ? result : undefined;
  const editor = useEditorDocument({ item, form, edit, sourceKey: location.key });
  const typing = useTyping({ item, form, version: editor.shown.version });

  const conflict = edit?.kind === 'conflict' ? edit.conflict : undefined;
  const listPath = `/admin/content/${type.name}`;
  const siteTitle = siteTitleOf(form, editor.shown.doc as Record<string, unknown>, typing.typedTitle?.version === editor.shown.version ? typing.typedTitle.text : undefined);
  const savedSiteTitle = item ? siteTitleOf(form, item.document as Record<string, unknown>) : undefined;
  const title = item ? (savedSiteTitle ?? item.title) : `New ${type.singular}`;
  const status = item?.status ?? 'draft';
  const previewAction = item && type.page ? `${listPath}/${item.id}/preview` : undefined;

  return (
    <>
      <EditorHead item={item} type={type} title={title} listPath={listPath} />
      {!edit ? <DoneNotice item={item} singular={type.singular} fields={form.fields} /> : null}
      {edit?.kind === 'problems' ? <ProblemSummary fields={form.fields} problems={edit.problems ?? []} error={edit.error} /> : null}
      {edit?.kind === 'conflict' ? <FormError>{edit.error ?? CONTENT_MESSAGES.conflict}</FormError> : null}
      {edit?.kind === 'edit' && edit.error ? <FormError>{edit.error}</FormError> : null}
      {type.fixed ? <p className="c-muted c-content-note">{CONTENT_MESSAGES.fixed}</p> : null}

      {conflict ? <ConflictView current={conflict.current} diff={conflict.diff} here={location.pathname} merge={conflict.merge} choices={edit?.choices ?? {}} fields={form.fields} /> : null}
      {conflict ? (
        <h2 className="c-subhead" id="yours-title">
          Your version (not saved yet)
        </h2>
      ) : null}

      <Form
        method="post"
        key={editor.formKey}
        ref={editor.formRef}
        className="c-editor"
        id="content-form"
        aria-label={conflict ? 'Your version' : `${title}: edit`}
        onInput={typing.onInput}
        onSubmit={previewInNewTab(previewAction)}
      >
        {/* Enter in a field sends this first button: the form comes back as it is, nothing saved. */}
        <button type="submit" name="intent" value="refresh" formNoValidate className="c-editor__default" tabIndex={-1} aria-hidden="true" onClick={(e) => e.preventDefault()}>
          Keep editing
        </button>
        <CsrfInput />
        <input type="hidden" name="baseRevision" value={edit?.baseRevision ?? item?.revision ?? 0} />
        {conflict?.merge ? (
          <>
            <input type="hidden" name="theirsRevision" value={conflict.current.revision} />
            {conflict.merge.fields.map((f) => (
              <input key={f.name} type="hidden" name="clash" value={f.name} />
            ))}
          </>
        ) : null}
        <EditorBar item={item} status={status} busy={busy} conflict={Boolean(conflict)} previewAction={previewAction} />
        <div className="c-editor__main">
          <FieldsPanel item={item} form={form} edit={edit} library={library} pictures={pictures} editor={editor} typing={typing} siteTitle={siteTitle} />
        </div>

        <PublicationPanel item={item} type={type} status={status} edit={edit} busy={busy} conflict={conflict} listPath={listPath} previewAction={previewAction} />
      </Form>

      {item && !type.fixed ? <DeletePanel item={item} singular={type.singular} error={del?.error} busy={busy} /> : null}
    </>
  );
}

/** The item's address, its title on the site, and its type's fields. */
function FieldsPanel({
  item,
  form,
  edit,
  library,
  pictures,
  editor,
  typing,
  siteTitle,
}: {
  item: ContentItem | null;
  form: ContentForm;
  edit: Edit | undefined;
  library: MediaImage[];
  pictures: string[];
  editor: ReturnType<typeof useEditorDocument>;
  typing: ReturnType<typeof useTyping>;
  siteTitle: string | undefined;
}) {
  const type = form.type;
  return (
    <section className="c-panel c-editor__fields" aria-label="Fields">
      {type.fixed && item ? <FixedAddress item={item} /> : <SlugField item={item} edit={edit} singular={type.singular} slugRef={typing.slugRef} slugNow={typing.slugNow} />}
      {siteTitle !== undefined ? (
        <p className="c-editor__address" id="site-title">
          <span className="c-label">Title on the site</span> <strong>{siteTitle}</strong>
          <span className="c-field__hint"> The number of days comes first, counted from the itinerary.</span>
        </p>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {editor.announce}
      </p>
      <div key={editor.shown.version} className="c-editor__doc">
        <ContentFields
          fields={form.fields}
          doc={editor.shown.doc}
          context={{
            collection: type.name,
            slug: item?.slug ?? '',
            choices: form.choices,
            library: [...editor.uploaded, ...(edit?.library ?? library).filter((m) => !editor.uploaded.some((u) => u.id === m.id))],
            librarySearch: edit?.librarySearch,
            pictures,
            problems: problemsByAnchor(form.fields, editor.shown.problems),
            previews: editor.shown.previews,
            focus: editor.shown.focus,
            onIntent: editor.onIntent,
            onPicture: editor.onPicture,
          }}
        />
      </div>
    </section>
  );
}

/** A safari's title on the site has its number of days in front ("3 Day …"): the form shows it too. */
function siteTitleOf(form: ContentForm, doc: Record<string, unknown>, typed?: string): string | undefined {
  return form.type.name === 'safaris' ? safariHeading(Array.isArray(doc.itinerary) ? doc.itinerary.length : 0, String(typed ?? doc.title ?? '').trim()) : undefined;
}

/**
 * The document the form shows: the action's answer (the unsaved document, changed or refused),
 * else the saved item (or a new one's blank); a new answer or a new visit draws the form again
 * from it. With JavaScript, the list buttons and an uploaded picture change it in the browser.
 */
function useEditorDocument({ item, form, edit, sourceKey }: { item: ContentItem | null; form: ContentForm; edit: Edit | undefined; sourceKey: string }) {
  const source: unknown = edit ?? sourceKey;
  const fromSource = (version: number): Shown => ({
    doc: edit?.doc ?? item?.document ?? form.blank,
    version,
    focus: edit?.focus,
    previews: edit?.previews ?? {},
    problems: edit?.problems ?? [],
  });
  const [shown, setShown] = useState<Shown>(() => fromSource(0));
  const [seen, setSeen] = useState<unknown>(source);
  const [formKey, setFormKey] = useState(0);
  if (seen !== source) {
    setSeen(source);
    setShown(fromSource(shown.version + 1));
    setFormKey((k) => k + 1);
  }

  const formRef = useRef<HTMLFormElement>(null);
  const pendingFocus = useRef<string | undefined>(undefined);
  // A list button, with JavaScript: the form's document read as the action would, changed, drawn again.
  function onIntent(intent: string) {
    const el = formRef.current;
    if (!el) return;
    const applied = applyIntent(decodeDocument(new FormData(el), form.fields), intent, form.fields);
    if (!applied) return;
    pendingFocus.current = applied.focus;
    setShown((s) => ({ doc: applied.doc, version: s.version + 1, previews: {}, problems: [] }));
  }
  // A picture uploaded from a field's drop zone, once rendered: chosen into that field with its alt
  // text, the rest of the form read as it is (nothing typed is lost), and added to the choices.
  const [uploaded, setUploaded] = useState<MediaImage[]>([]);
  const [announce, setAnnounce] = useState('');
  function onPicture(path: Path, image: MediaImage) {
    const el = formRef.current;
    if (!el) return;
    let doc = decodeDocument(new FormData(el), form.fields);
    doc = setAt(doc, [...path, 'upload'], image.path);
    doc = setAt(doc, [...path, 'alt'], image.alt);
    setUploaded((all) => [image, ...all.filter((m) => m.id !== image.id)]);
    pendingFocus.current = fieldId([...path, 'alt']);
    setShown((s) => ({ doc, version: s.version + 1, previews: s.previews, problems: s.problems }));
    setAnnounce(`The uploaded picture “${image.alt}” is chosen. Save to keep it with the item.`);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new version of the form is shown, to move focus into it
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = undefined;
    document.getElementById(id)?.focus();
  }, [shown.version]);

  return { shown, formKey, formRef, uploaded, announce, onIntent, onPicture };
}

/** What typing in the form changes before it is saved: the address follows a new item's title, the title on the site follows the title. */
function useTyping({ item, form, version }: { item: ContentItem | null; form: ContentForm; version: number }) {
  const slugRef = useRef<HTMLInputElement>(null);
  const [slugTouched, setSlugTouched] = useState(Boolean(item));
  const [slugNow, setSlugNow] = useState<string | undefined>(undefined);
  const [typedTitle, setTypedTitle] = useState<{ version: number; text: string } | undefined>(undefined);
  const titleField = form.fields.find((f) => f.kind === 'text');
  const onInput = (e: FormEvent<HTMLFormElement>) => {
    const target = e.target as HTMLInputElement;
    if (target.name === 'slug') {
      setSlugTouched(true);
      setSlugNow(target.value);
    } else if (titleField && target.name === `doc.${titleField.name}`) {
      if (!slugTouched && slugRef.current) slugRef.current.value = slugify(target.value);
      setTypedTitle({ version, text: target.value });
    }
  };
  return { slugRef, slugNow, typedTitle, onInput };
}

/**
 * "Preview page" is posted by the browser itself (a new tab with the public page), not by the
 * router: the form's current document goes to the preview route, nothing is saved.
 */
function previewInNewTab(previewAction: string | undefined) {
  return (e: FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    if (!previewAction || !submitter || submitter.getAttribute('data-preview') === null) return;
    e.preventDefault();
    const el = e.currentTarget;
    const was = { action: el.getAttribute('action'), target: el.getAttribute('target') };
    el.setAttribute('action', previewAction);
    el.setAttribute('target', '_blank');
    HTMLFormElement.prototype.submit.call(el);
    for (const [k, v] of Object.entries(was)) v === null ? el.removeAttribute(k) : el.setAttribute(k, v);
  };
}

function EditorHead({ item, type, title, listPath }: { item: ContentItem | null; type: ContentForm['type']; title: string; listPath: string }) {
  return (
    <PageHead
      title={title}
      lead={
        <>
          <Link to={listPath}>Back to {type.label.toLowerCase()}</Link>
          {item ? (
            <>
              {' '}
              · <ContentStatusBadge item={item} />
            </>
          ) : null}
        </>
      }
      actions={
        item ? (
          <>
            <Link className="btn btn--ghost" to={`${listPath}/${item.id}/revisions`}>
              History
            </Link>
            {item.status === 'published' && item.publicPath ? (
              <a className="btn btn--ghost" href={item.publicPath}>
                View on site
              </a>
            ) : null}
          </>
        ) : null
      }
    />
  );
}

/** Save, Preview and the state stay in view at every width, however long the form. */
function EditorBar({ item, status, busy, conflict, previewAction }: { item: ContentItem | null; status: string; busy: boolean; conflict: boolean; previewAction: string | undefined }) {
  return (
    <div className="c-editor__bar" role="group" aria-label="Save and preview">
      <span className="c-editor__state" aria-live="polite">
        {busy ? 'Saving…' : item ? <ContentStatusBadge item={item} /> : 'Not saved yet'}
      </span>
      {!conflict ? (
        <button type="submit" name="intent" value="save" className="btn btn--primary btn--sm" disabled={busy}>
          {!item ? 'Save draft' : status === 'draft' ? 'Save draft' : 'Save'}
        </button>
      ) : null}
      {previewAction ? (
        <button type="submit" formAction={previewAction} formTarget="_blank" formNoValidate data-preview="" className="btn btn--ghost btn--sm" disabled={busy}>
          Preview page
        </button>
      ) : null}
    </div>
  );
}

/** A fixed page's address cannot change. */
function FixedAddress({ item }: { item: ContentItem }) {
  return (
    <>
      <p className="c-editor__address">
        <span className="c-label">Address</span> <code className="c-mono">{item.publicPath ?? item.slug}</code>
      </p>
      <input type="hidden" name="slug" value={item.slug} />
    </>
  );
}

/** The item's address, and what changing a published one does. */
function SlugField({
  item,
  edit,
  singular,
  slugRef,
  slugNow,
}: {
  item: ContentItem | null;
  edit: Edit | undefined;
  singular: string;
  slugRef: RefObject<HTMLInputElement | null>;
  slugNow: string | undefined;
}) {
  const slugError = edit?.field === 'slug' ? (edit.slugError ?? edit.error) : undefined;
  const published = item?.status === 'published';
  const hint = (
    <>
      The last part of the page’s address: lower-case words joined by hyphens{item?.publicPath ? <>, as in {item.publicPath}</> : null}.
      {published ? <> This {singular} is on the site: if its address changes, the old address will redirect to the new one.</> : null}
    </>
  );
  return (
    <Field
      id="content-slug"
      name="slug"
      label="Address"
      hint={hint}
      error={slugError}
      control={(aria) => (
        <>
          <input
            ref={slugRef}
            id={aria.id}
            name="slug"
            type="text"
            defaultValue={edit?.slug ?? item?.slug ?? ''}
            required
            pattern={SLUG_PATTERN}
            maxLength={120}
            autoComplete="off"
            spellCheck={false}
            className="c-mono"
            aria-invalid={aria['aria-invalid']}
            aria-describedby={aria['aria-describedby']}
          />
          {published && slugNow !== undefined && slugNow !== item?.slug ? (
            <p className="c-slugwarn" role="status">
              The address will change from <code>{item?.slug}</code> to <code>{slugNow || '…'}</code>; the old one will redirect to the new one once you save.
            </p>
          ) : null}
        </>
      )}
    />
  );
}

/** The item's state, and the buttons that publish, unpublish or schedule it (or save over a conflict). */
function PublicationPanel({
  item,
  type,
  status,
  edit,
  busy,
  conflict,
  listPath,
  previewAction,
}: {
  item: ContentItem | null;
  type: ContentForm['type'];
  status: string;
  edit: Edit | undefined;
  busy: boolean;
  conflict: Pick<ContentConflict, 'current' | 'merge'> | undefined;
  listPath: string;
  previewAction: string | undefined;
}) {
  return (
    <section className="c-panel c-editor__side" aria-labelledby="publish-title">
      <h2 id="publish-title">{conflict ? 'Your version' : 'Publication'}</h2>
      {item ? <SavedFacts item={item} listPath={listPath} /> : <p className="c-muted">A new {type.singular} is saved as a draft: it is on the site once published.</p>}
      {conflict ? (
        <div className="c-editor__buttons">
          {conflict.merge ? (
            <p className="c-field__hint">
              <a href="#theirs-title">Choose the version of each field you both changed</a>, then save: your version with those choices is saved on theirs (revision {conflict.current.revision}); both
              stay in the history.
            </p>
          ) : (
            <>
              <button type="submit" name="intent" value="save" className="btn btn--primary" disabled={busy}>
                Save mine over theirs
              </button>
              <p className="c-field__hint">Your version replaces the saved one (revision {conflict.current.revision}); theirs stays in the history.</p>
            </>
          )}
        </div>
      ) : (
        <>
          <div className="c-editor__buttons">
            {status !== 'published' ? (
              <button type="submit" name="intent" value="publish" className="btn btn--ghost" disabled={busy}>
                {status === 'scheduled' ? 'Publish now' : 'Save and publish'}
              </button>
            ) : null}
            {item && status !== 'draft' && !type.fixed ? (
              <button type="submit" name="intent" value="unpublish" className="btn btn--ghost" disabled={busy}>
                {status === 'scheduled' ? 'Cancel the schedule' : 'Unpublish'}
              </button>
            ) : null}
          </div>
          {previewAction ? <p className="c-field__hint">Preview page shows the whole page as the site would show what the form holds now (in a new tab); nothing is saved.</p> : null}
          <p className="c-field__hint">
            {status === 'published'
              ? `Saving puts the changes on the site at once.${type.fixed ? '' : ' Unpublish takes the page off the site and keeps it as a draft.'}`
              : 'Each button saves what the form holds first.'}
          </p>
          {!type.fixed && status !== 'published' ? <ScheduleField item={item} edit={edit} status={status} busy={busy} /> : null}
        </>
      )}
    </section>
  );
}

function SavedFacts({ item, listPath }: { item: ContentItem; listPath: string }) {
  return (
    <dl className="c-editor__facts">
      <div>
        <dt>State</dt>
        <dd>
          <ContentStatusBadge item={item} />
        </dd>
      </div>
      <div>
        <dt>Last saved</dt>
        <dd>
          <At iso={item.updatedAt} />
          {item.updatedBy ? <span className="c-break"> by {item.updatedBy}</span> : null}
        </dd>
      </div>
      <div>
        <dt>Revision</dt>
        <dd>
          {item.revision} · <Link to={`${listPath}/${item.id}/revisions`}>all revisions</Link>
        </dd>
      </div>
      <TranslationFacts item={item} listPath={listPath} />
    </dl>
  );
}

/** The item's translations: each language's state, leading to its side-by-side editor. */
function TranslationFacts({ item, listPath }: { item: ContentItem; listPath: string }) {
  const { translations } = useLoaderData<typeof loader>();
  if (!translations.length) return null;
  return (
    <div>
      <dt>Translations</dt>
      <dd>
        {translations.map((t, i) => (
          <span key={t.language}>
            {i ? ' · ' : ''}
            <Link to={`${listPath}/${item.id}/translations/${t.language}`}>{LANGUAGES[t.language].name}</Link>: {TRANSLATION_STATE_TEXT[t.state]}
          </span>
        ))}
      </dd>
    </div>
  );
}

function ScheduleField({ item, edit, status, busy }: { item: ContentItem | null; edit: Edit | undefined; status: string; busy: boolean }) {
  const scheduleError = edit?.field === 'publishAt' ? edit.error : undefined;
  const zone = useOperatorZone();
  return (
    <Field
      className="c-editor__schedule c-field"
      id="content-publish-at"
      name="publishAt"
      label={`Publish later (time in ${zone.replace(/_/g, ' ')})`}
      error={scheduleError}
      control={(aria) => (
        <>
          <input
            id={aria.id}
            name="publishAt"
            type="datetime-local"
            defaultValue={edit?.publishAt ?? toDateTimeInput(item?.publishAt, zone)}
            aria-invalid={aria['aria-invalid']}
            aria-describedby={aria['aria-describedby']}
          />
          <button type="submit" name="intent" value="schedule" className="btn btn--ghost btn--sm" disabled={busy}>
            {status === 'scheduled' ? 'Change the time' : 'Schedule'}
          </button>
        </>
      )}
    />
  );
}

function DeletePanel({ item, singular, error, busy }: { item: ContentItem; singular: string; error: string | undefined; busy: boolean }) {
  return (
    <section className="c-panel c-panel--danger c-editor__delete" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete this {singular}</h2>
      <p>It leaves the site and the console’s lists{item.status === 'published' ? '; its address will answer “not found”' : ''}. Content that refers to it must be changed first.</p>
      <FormError>{error}</FormError>
      <IntentForm intent="delete" className="c-form">
        <input type="hidden" name="baseRevision" value={item.revision} />
        <input type="hidden" name="title" value={item.title} />
        <div className="c-check">
          <input id="delete-confirm" name="confirm" type="checkbox" value="yes" required />
          <label htmlFor="delete-confirm">I understand: delete “{item.title}”.</label>
        </div>
        <div>
          <button type="submit" className="btn btn--primary c-btn-danger" disabled={busy}>
            Delete the {singular}
          </button>
        </div>
      </IntentForm>
    </section>
  );
}
