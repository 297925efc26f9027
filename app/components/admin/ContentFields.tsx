// The content editor's fields, drawn from a type's FieldSpec[] (common/content-editing.ts),
// recursively: every value is a plain form control whose name encodes its path in the document
// ("doc.itinerary.2.meals.lunch", app/lib/content-form.ts), so the whole form posts without
// JavaScript and one decoder reads it back. The list buttons (add, remove, move up and down) are
// submit buttons named "intent" that the route's action applies to the unsaved document; once the
// page is hydrated, `onIntent` applies them in the browser instead. Markdown fields preview as the
// site renders them: a "Preview" submit without JavaScript, a live preview as you type with it.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ContentChoices, ContentDocument, FieldSpec } from '../../../common/content-editing.ts';
import type { MediaImage } from '../../../common/media-library.ts';
import { CSRF_FIELD } from '../../lib/admin.ts';
import {
  contentImagePath,
  countName,
  docName,
  libraryAltName,
  pictureWasName,
  writtenName,
  fieldId,
  ids,
  intentOf,
  libraryQueryName,
  pathKey,
  pickName,
  toDateInput,
  type Path,
} from '../../lib/content-form.ts';
import { Image } from '../Image.tsx';
import { useConsoleSession } from './ConsoleUi.tsx';
import { ImageUpload } from './ImageUpload.tsx';
import { MediaThumb } from './MediaUi.tsx';
import './ContentFields.css';

export interface EditorContext {
  collection: string;
  /** The item's slug as saved (where its content images are); '' for a new item. */
  slug: string;
  choices: ContentChoices;
  /** Images of the media library to pick from (processed ones). */
  library: MediaImage[];
  /** The item's content images that exist (stable paths); others are not shown. */
  pictures: string[];
  /** The last library search, and the chooser it was made from. */
  librarySearch?: LibrarySearch;
  /** Problems by the key of the field that shows them (problemsByAnchor). */
  problems: Map<string, string[]>;
  /** Rendered previews of Markdown fields by key (after a "Preview" without JavaScript). */
  previews: Record<string, string>;
  /** The id of the element to focus when the form is drawn (after a list button, without JavaScript). */
  focus?: string;
  /** With JavaScript: a list button pressed (its intent); the page applies it in the browser. */
  onIntent?: (intent: string) => void;
  /**
   * With JavaScript: a picture uploaded from a picture field's drop zone is rendered; the page
   * chooses it into that field (with its alt text), keeping everything else the form holds.
   */
  onPicture?: (path: Path, image: MediaImage) => void;
}

export interface LibrarySearch {
  /** The key of the picture whose chooser searched. */
  key: string;
  q: string;
  total: number;
}

const Ctx = createContext<EditorContext | null>(null);
const useEditor = () => useContext(Ctx)!;

export function ContentFields({ fields, doc, context }: { fields: readonly FieldSpec[]; doc: ContentDocument; context: EditorContext }) {
  return (
    <Ctx.Provider value={context}>
      {fields.map((f) => (
        <FieldView key={f.name} field={f} path={[f.name]} value={doc[f.name]} />
      ))}
    </Ctx.Provider>
  );
}

/** The ids and attributes of a field's hint and errors. */
function described(problems: Map<string, string[]>, path: Path, hint?: ReactNode) {
  const id = fieldId(path);
  const errors = problems.get(pathKey(path)) ?? [];
  const hintId = hint ? `${id}--hint` : undefined;
  const errorId = errors.length ? `${id}--error` : undefined;
  return {
    id,
    errors,
    hintId,
    errorId,
    aria: { 'aria-invalid': errors.length ? true : undefined, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined } as const,
    /** For fieldsets: described by their hint and errors (aria-invalid belongs to the controls). */
    group: { 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined } as const,
  };
}

type Described = ReturnType<typeof described>;

function useDescribed(path: Path, hint?: ReactNode): Described {
  return described(useEditor().problems, path, hint);
}

function Hint({ id, children }: { id?: string; children?: ReactNode }) {
  if (!id || !children) return null;
  return (
    <p className="c-field__hint" id={id}>
      {children}
    </p>
  );
}

function Errors({ id, errors }: { id?: string; errors: string[] }) {
  if (!id || !errors.length) return null;
  return (
    <p className="c-field__error" id={id}>
      {errors.join(' ')}
    </p>
  );
}

/** A field of several inputs: its fieldset (marked when it has errors) with its legend, hint and errors, then the inputs. */
function FieldGroup({ className, d, legend, hint, children }: { className: string; d: Described; legend: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={`${className}${d.errors.length ? ' c-field--error' : ''}`} id={d.id} {...d.group}>
      <legend>{legend}</legend>
      <Hint id={d.hintId}>{hint}</Hint>
      <Errors id={d.errorId} errors={d.errors} />
      {children}
    </fieldset>
  );
}

/** A field of one input: its label (saying when it is optional), hint and errors, then the input. */
function OneInput({ className, d, field, children }: { className: string; d: Described; field: { label: string; hint?: string; required: boolean }; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={d.id}>
        {field.label}
        {optional(field.required)}
      </label>
      <Hint id={d.hintId}>{field.hint}</Hint>
      <Errors id={d.errorId} errors={d.errors} />
      {children}
    </div>
  );
}

const optional = (required: boolean) => (required ? '' : ' (optional)');
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A list button: a submit without JavaScript, applied in the browser with it. */
function IntentButton({
  intent,
  id,
  label,
  children,
  className = 'btn btn--ghost btn--sm',
  disabled,
  onClient,
}: {
  intent: string;
  id?: string;
  label?: string;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** What the button does in the browser instead of posting (default: the page's onIntent). */
  onClient?: () => void;
}) {
  const { onIntent, focus } = useEditor();
  const client = onClient ?? (onIntent ? () => onIntent(intent) : undefined);
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      id={id}
      className={className}
      aria-label={label}
      formNoValidate
      disabled={disabled}
      autoFocus={Boolean(id && focus === id)}
      onClick={
        client
          ? (e) => {
              e.preventDefault();
              client();
            }
          : undefined
      }
    >
      {children}
    </button>
  );
}

function FieldView({ field, path, value }: { field: FieldSpec; path: Path; value: unknown }) {
  switch (field.kind) {
    case 'text':
    case 'number':
    case 'date':
      return <InputField field={field} path={path} value={value} />;
    case 'boolean':
      return <CheckField field={field} path={path} value={value} />;
    case 'enum':
    case 'ref':
      return <SelectField field={field} path={path} value={value} />;
    case 'markdown':
      return <MarkdownField label={field.label} required={field.required} hint={field.hint} path={path} value={value} />;
    case 'list':
      return <ListField field={field} path={path} value={value} />;
    case 'refs':
      return field.ordered ? <OrderedRefsField field={field} path={path} value={value} /> : <RefsField field={field} path={path} value={value} />;
    case 'image':
      return <PictureFieldset label={field.label} hint={field.hint} path={path} value={value} required={field.required} others={[]} />;
    case 'group':
      return <GroupField field={field} path={path} value={value} />;
    case 'repeat':
      return <RepeatField field={field} path={path} value={value} />;
    case 'blocks':
      return <BlocksField field={field} path={path} value={value} />;
  }
}

function InputField({ field, path, value }: { field: Extract<FieldSpec, { kind: 'text' | 'number' | 'date' }>; path: Path; value: unknown }) {
  const { focus } = useEditor();
  const d = useDescribed(path, field.hint);
  const common = { id: d.id, name: docName(path), required: field.required, autoFocus: focus === d.id, ...d.aria };
  let input: ReactNode;
  if (field.kind === 'number') {
    input = <input type="number" inputMode={field.integer ? 'numeric' : 'decimal'} step={field.integer ? 1 : 'any'} min={field.min} max={field.max} defaultValue={text(value)} {...common} />;
  } else if (field.kind === 'date') {
    input = <input type="date" defaultValue={toDateInput(value)} {...common} />;
  } else {
    input = <input type="text" defaultValue={text(value)} maxLength={field.max} autoComplete="off" {...common} />;
  }
  return (
    <OneInput className={`c-field${d.errors.length ? ' c-field--error' : ''}${field.kind !== 'text' ? ' c-field--short' : ''}`} d={d} field={field}>
      {input}
    </OneInput>
  );
}

function CheckField({ field, path, value }: { field: Extract<FieldSpec, { kind: 'boolean' }>; path: Path; value: unknown }) {
  const d = useDescribed(path, field.hint);
  return (
    <div className={`c-check c-check--field${d.errors.length ? ' c-field--error' : ''}`}>
      <input type="checkbox" id={d.id} name={docName(path)} value="on" defaultChecked={value === true} {...d.aria} />
      <label htmlFor={d.id}>
        {field.label}
        <Hint id={d.hintId}>{field.hint}</Hint>
        <Errors id={d.errorId} errors={d.errors} />
      </label>
    </div>
  );
}

function choiceLabel(c: { title: string; status: string }) {
  return c.status === 'published' ? c.title : `${c.title} (${c.status})`;
}

function SelectField({ field, path, value }: { field: Extract<FieldSpec, { kind: 'enum' | 'ref' }>; path: Path; value: unknown }) {
  const { choices } = useEditor();
  const d = useDescribed(path, field.hint);
  const current = text(value);
  const options =
    field.kind === 'enum'
      ? field.options.map((o) => ({ value: o, label: o.charAt(0).toUpperCase() + o.slice(1) }))
      : (choices[field.collection] ?? []).map((c) => ({ value: c.slug, label: choiceLabel(c) }));
  const known = current === '' || options.some((o) => o.value === current);
  return (
    <OneInput className={`c-field c-field--short${d.errors.length ? ' c-field--error' : ''}`} d={d} field={field}>
      <select id={d.id} name={docName(path)} defaultValue={current} required={field.required} {...d.aria}>
        <option value="">{field.required ? 'Choose…' : 'None'}</option>
        {!known ? <option value={current}>{current} (not found)</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </OneInput>
  );
}

function ListField({ field, path, value }: { field: Extract<FieldSpec, { kind: 'list' }>; path: Path; value: unknown }) {
  const d = useDescribed(path, field.hint ?? 'One per line.');
  const lines = Array.isArray(value) ? value.map(text) : [];
  return (
    <div className={`c-field${d.errors.length ? ' c-field--error' : ''}`}>
      <label htmlFor={d.id}>
        {field.label}
        {field.min > 0 ? '' : ' (optional)'}
      </label>
      <Hint id={d.hintId}>{field.hint ?? `One per line${field.min > 1 ? `, at least ${field.min}` : ''}.`}</Hint>
      <Errors id={d.errorId} errors={d.errors} />
      <textarea id={d.id} name={docName(path)} rows={Math.min(14, Math.max(3, lines.length + 1))} defaultValue={lines.join('\n')} className="c-textarea--list" {...d.aria} />
    </div>
  );
}

/** Renders Markdown as the site does, through the console's preview route (with JavaScript). */
async function renderMarkdown(markdown: string, csrf: string, signal: AbortSignal): Promise<string | undefined> {
  const body = new URLSearchParams({ markdown, [CSRF_FIELD]: csrf });
  const res = await fetch('/admin/content/preview', { method: 'POST', body, signal, headers: { accept: 'application/json' } });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return undefined;
  const answer = (await res.json()) as { html?: string };
  return typeof answer.html === 'string' ? answer.html : undefined;
}

const PREVIEW_DELAY_MS = 450;

/**
 * The live preview of a Markdown field: the HTML last rendered (undefined until asked for), whether
 * an update is under way or failed, and `refresh`, which renders the textarea's text after a pause
 * in the typing (at once with `now`), dropping a render still under way.
 */
function useMarkdownPreview(initial: string | undefined) {
  const session = useConsoleSession();
  const [html, setHtml] = useState<string | undefined>(initial);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const area = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      abort.current?.abort();
    },
    [],
  );

  function refresh(now = false) {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        abort.current?.abort();
        const ctl = new AbortController();
        abort.current = ctl;
        setState('busy');
        renderMarkdown(area.current?.value ?? '', session?.csrf ?? '', ctl.signal)
          .then((out) => {
            if (ctl.signal.aborted) return;
            if (out === undefined) setState('failed');
            else {
              setHtml(out);
              setState('idle');
            }
          })
          .catch(() => {
            if (!ctl.signal.aborted) setState('failed');
          });
      },
      now ? 0 : PREVIEW_DELAY_MS,
    );
  }
  return { html, state, area, refresh };
}

/** The preview pane beside a Markdown field: the site's rendering of the text, and whether it is up to date. */
function MarkdownPreview({ id, label, html, state, autoFocus }: { id: string; label: string; html: string; state: 'idle' | 'busy' | 'failed'; autoFocus: boolean }) {
  return (
    <div className="c-md__preview" id={id} tabIndex={-1} role="group" aria-label={`Preview: ${label}`} autoFocus={autoFocus}>
      <p className="c-md__label" aria-hidden="true">
        Preview{state === 'busy' ? ' (updating…)' : state === 'failed' ? ' (could not be updated)' : ''}
      </p>
      {/* The API's HTML, sanitised exactly as the site's pages are. */}
      <div className="prose c-md__html" dangerouslySetInnerHTML={{ __html: html || '<p><em>Nothing to show yet.</em></p>' }} />
    </div>
  );
}

function MarkdownField({ label, required, hint, path, value }: { label: string; required: boolean; hint?: string; path: Path; value: unknown }) {
  const { previews, focus } = useEditor();
  const hintText = hint ?? (
    <>
      Markdown: an empty line between paragraphs, <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>, <code>[link text](/safaris)</code>, <code>- list item</code>.
    </>
  );
  const d = useDescribed(path, hintText);
  const { html, state, area, refresh } = useMarkdownPreview(previews[pathKey(path)]);

  const previewId = fieldId(path, 'preview');
  const body = text(value);
  // Room for what is there (about 75 characters a line), within bounds.
  const lines = body.split('\n').reduce((n, l) => n + Math.max(1, Math.ceil(l.length / 75)), 0);
  return (
    <div className={`c-field c-md${html !== undefined ? ' c-md--open' : ''}${d.errors.length ? ' c-field--error' : ''}`}>
      <label htmlFor={d.id}>
        {label}
        {optional(required)}
      </label>
      <Hint id={d.hintId}>{hintText}</Hint>
      <Errors id={d.errorId} errors={d.errors} />
      <div className="c-md__panes">
        <textarea
          ref={area}
          id={d.id}
          name={docName(path)}
          rows={Math.min(16, Math.max(4, lines + 1))}
          defaultValue={body}
          required={required}
          className="c-mono"
          autoFocus={focus === d.id}
          onInput={() => refresh()}
          {...d.aria}
        />
        {html !== undefined ? <MarkdownPreview id={previewId} label={label} html={html} state={state} autoFocus={focus === previewId} /> : null}
      </div>
      <div className="c-md__actions">
        <IntentButton intent={intentOf('preview', path)} id={fieldId(path, 'previewbtn')} label={html === undefined ? `Preview ${label}` : `Update preview of ${label}`} onClient={() => refresh(true)}>
          {html === undefined ? 'Preview' : 'Update preview'}
        </IntentButton>
      </div>
    </div>
  );
}

function RefsField({ field, path, value }: { field: Extract<FieldSpec, { kind: 'refs' }>; path: Path; value: unknown }) {
  const { choices } = useEditor();
  const d = useDescribed(path, field.hint);
  const chosen = new Set(Array.isArray(value) ? value.map(text) : []);
  const options = field.collections.flatMap((c) => (choices[c] ?? []).map((o) => ({ ...o, collection: c })));
  const unknown = [...chosen].filter((s) => !options.some((o) => o.slug === s));
  const titles = options.filter((o) => chosen.has(o.slug)).map((o) => o.title);
  const boxes = (
    <FieldGroup
      className="c-choices"
      d={d}
      legend={
        <>
          {field.label}
          {field.min > 0 ? '' : ' (optional)'}
        </>
      }
      hint={field.hint}
    >
      <input type="hidden" name={writtenName(path)} value={[...chosen].join('\n')} />
      <ul className="c-choices__list">
        {[...unknown.map((s) => ({ slug: s, title: `${s} (not found)`, status: 'published', collection: '' })), ...options].map((o) => {
          const id = `${d.id}--${o.collection}-${o.slug}`;
          return (
            <li key={`${o.collection}:${o.slug}`} className="c-check">
              <input type="checkbox" id={id} name={docName(path)} value={o.slug} defaultChecked={chosen.has(o.slug)} />
              <label htmlFor={id}>{choiceLabel(o)}</label>
            </li>
          );
        })}
      </ul>
    </FieldGroup>
  );
  // A long list folds away behind what is chosen.
  if (options.length <= 10) return boxes;
  return (
    <details className="c-fold" open={d.errors.length > 0 || chosen.size === 0}>
      <summary>
        <span className="c-fold__label">{field.label}</span> <span className="c-fold__value">{chosen.size ? `${chosen.size} chosen: ${titles.join(', ')}` : 'none chosen'}</span>
      </summary>
      {boxes}
    </details>
  );
}

/** An entry's buttons, `index` of `count`: move it up, move it down (the arrows, with `words` followed by Up and Down), remove it. */
function EntryButtons({ path, name, index, count, words = false }: { path: Path; name: string; index: number; count: number; words?: boolean }) {
  return (
    <>
      <IntentButton intent={intentOf('up', path)} id={ids.button('up', path)} label={`Move ${name} up`} disabled={index === 0}>
        <span aria-hidden="true">↑</span>
        {words ? ' Up' : null}
      </IntentButton>
      <IntentButton intent={intentOf('down', path)} id={ids.button('down', path)} label={`Move ${name} down`} disabled={index === count - 1}>
        <span aria-hidden="true">↓</span>
        {words ? ' Down' : null}
      </IntentButton>
      <IntentButton intent={intentOf('remove', path)} id={ids.button('remove', path)} label={`Remove ${name}`} className="btn btn--ghost btn--sm c-danger">
        Remove
      </IntentButton>
    </>
  );
}

function OrderedRefsField({ field, path, value }: { field: Extract<FieldSpec, { kind: 'refs' }>; path: Path; value: unknown }) {
  const { choices, focus } = useEditor();
  const d = useDescribed(path, field.hint);
  const list = Array.isArray(value) ? value.map(text) : [];
  const titleOf = (slug: string) => {
    for (const c of field.collections) {
      const hit = choices[c]?.find((o) => o.slug === slug);
      if (hit) return hit.title;
    }
    return `${slug} (not found)`;
  };
  const pickId = ids.pick(path);
  const noun = field.label.replace(/ *\(.*\)$/, '').replace(/ in order$/i, '');
  return (
    <FieldGroup className="c-order" d={d} legend={field.label} hint={field.hint}>
      {list.length ? (
        <ol className="c-order__list">
          {list.map((slug, i) => {
            const p = [...path, i];
            const name = `${titleOf(slug)} (${i + 1} of ${list.length})`;
            return (
              <li key={`${i}-${slug}`} className="c-order__item">
                <input type="hidden" name={docName(path)} value={slug} />
                <span className="c-order__name">{titleOf(slug)}</span>
                <span className="c-order__buttons">
                  <EntryButtons path={p} name={name} index={i} count={list.length} />
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="c-muted c-order__empty">None yet.</p>
      )}
      <div className="c-order__add">
        <div className="c-field">
          <label htmlFor={pickId}>Add to {noun.toLowerCase()}</label>
          <select id={pickId} name={pickName(path)} defaultValue="" autoFocus={focus === pickId}>
            <option value="">Choose…</option>
            {field.collections.map((c) => (
              <optgroup key={c} label={c.charAt(0).toUpperCase() + c.slice(1)}>
                {(choices[c] ?? []).map((o) => (
                  <option key={o.slug} value={o.slug}>
                    {choiceLabel(o)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <IntentButton intent={intentOf('add', path)} id={ids.add(path)} label={`Add the chosen item to ${noun.toLowerCase()}`}>
          Add
        </IntentButton>
      </div>
    </FieldGroup>
  );
}

function GroupField({ field, path, value }: { field: Extract<FieldSpec, { kind: 'group' }>; path: Path; value: unknown }) {
  const d = useDescribed(path, field.hint ?? (field.required ? undefined : 'Optional: leave every field empty to leave it out.'));
  const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const checks = field.fields.every((f) => f.kind === 'boolean');
  return (
    <FieldGroup
      className={`c-group${checks ? ' c-group--checks' : ''}`}
      d={d}
      legend={field.label}
      hint={field.hint ?? (field.required ? undefined : 'Optional: leave every field empty to leave it out.')}
    >
      <div className="c-group__fields">
        {field.fields.map((f) => (
          <FieldView key={f.name} field={f} path={[...path, f.name]} value={obj[f.name]} />
        ))}
      </div>
    </FieldGroup>
  );
}

function RepeatField({ field, path, value }: { field: Extract<FieldSpec, { kind: 'repeat' }>; path: Path; value: unknown }) {
  const { focus, problems } = useEditor();
  const d = useDescribed(path, field.hint);
  const entries = (Array.isArray(value) ? value : []) as Record<string, unknown>[];
  const item = field.itemLabel;
  const others = field.picture ? field.fields.filter((f) => f.name !== 'file' && f.name !== 'upload') : field.fields;
  return (
    <FieldGroup
      className="c-repeat"
      d={d}
      legend={
        <>
          {field.label} <span className="c-repeat__count">({entries.length})</span>
        </>
      }
      hint={field.hint}
    >
      <input type="hidden" name={countName(path)} value={entries.length} />
      {entries.length ? (
        <ol className="c-repeat__list">
          {entries.map((entry, i) => {
            const p = [...path, i];
            const e = described(problems, p);
            const name = `${item.toLowerCase()} ${i + 1}`;
            const title = typeof entry?.title === 'string' && entry.title ? entry.title : typeof entry?.alt === 'string' && entry.alt ? entry.alt : '';
            const head = (
              <div className="c-entry__head">
                <span className="c-entry__title">
                  {item} {i + 1}
                  {title ? <span className="c-entry__sub">: {title}</span> : null}
                </span>
                <span className="c-entry__buttons">
                  <EntryButtons path={p} name={name} index={i} count={entries.length} words />
                </span>
              </div>
            );
            return (
              <li key={i} className="c-repeat__item">
                {field.picture ? (
                  <PictureFieldset label={`${item} ${i + 1}`} path={p} value={entry} required others={others} head={head} entry errors={e} autoFocus={focus === ids.entry(p)} />
                ) : (
                  <fieldset className={`c-entry${e.errors.length ? ' c-field--error' : ''}`} id={ids.entry(p)} tabIndex={-1} autoFocus={focus === ids.entry(p)} {...e.group}>
                    <legend className="sr-only">
                      {item} {i + 1}
                      {title ? `: ${title}` : ''}
                    </legend>
                    {head}
                    <Errors id={e.errorId} errors={e.errors} />
                    <div className="c-entry__fields">
                      {others.map((f) => (
                        <FieldView key={f.name} field={f} path={[...p, f.name]} value={entry?.[f.name]} />
                      ))}
                    </div>
                  </fieldset>
                )}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="c-muted">None yet.</p>
      )}
      <div className="c-repeat__add">
        <IntentButton intent={intentOf('add', path)} id={ids.add(path)} className="btn btn--ghost">
          <span aria-hidden="true">+</span> Add a {item.toLowerCase()}
        </IntentButton>
      </div>
    </FieldGroup>
  );
}

type PictureValue = { alt?: unknown; file?: unknown; upload?: unknown; caption?: unknown };

function PictureFieldset({
  label,
  hint,
  path,
  value,
  required,
  others,
  head,
  entry,
  errors,
  autoFocus,
}: {
  label: string;
  hint?: string;
  path: Path;
  value: unknown;
  required: boolean;
  others: readonly FieldSpec[];
  head?: ReactNode;
  entry?: boolean;
  errors?: Described;
  autoFocus?: boolean;
}) {
  const { library, collection, slug, pictures, onPicture } = useEditor();
  const own = useDescribed(path, hint);
  const d = errors ?? own;
  const pic = (value && typeof value === 'object' ? value : {}) as PictureValue;
  const upload = typeof pic.upload === 'string' ? pic.upload : '';
  const file = typeof pic.file === 'string' ? pic.file : '';
  const derived = contentImagePath(collection, slug, pic, Boolean(entry));
  const shown = upload || (derived && pictures.includes(derived)) ? derived : undefined;
  const current = upload ? library.find((m) => m.path === upload) : undefined;
  const alt = useDescribed([...path, 'alt']);
  const currentText = upload ? `The chosen library picture${current ? `: ${current.alt}` : ''}` : file ? `The content file ${file}` : shown ? 'The item’s own picture' : 'No picture yet';
  const keepText = upload || file || shown ? `Keep ${currentText.charAt(0).toLowerCase()}${currentText.slice(1)}` : 'No picture yet: choose one below';
  return (
    <fieldset className={`c-picture${entry ? ' c-entry' : ''}${d.errors.length ? ' c-field--error' : ''}`} id={d.id} tabIndex={entry ? -1 : undefined} autoFocus={autoFocus} {...d.group}>
      <legend className={entry ? 'sr-only' : undefined}>
        {label}
        {entry && typeof pic.alt === 'string' && pic.alt ? `: ${pic.alt}` : ''}
      </legend>
      {head}
      <Hint id={d.hintId}>{hint}</Hint>
      <Errors id={d.errorId} errors={d.errors} />
      <div className="c-picture__body">
        <div className="c-picture__now">
          {current ? (
            <LibraryThumb image={current} sizes="12rem" />
          ) : shown ? (
            <Image src={shown} alt="" width={480} height={320} sizes="12rem" className="c-picture__img" />
          ) : (
            <div className="c-picture__none">No picture yet</div>
          )}
        </div>
        <PictureFields path={path} pic={pic} alt={alt} required={required} others={others} file={file} upload={upload} />
      </div>
      {onPicture ? (
        <ImageUpload
          embedded
          label={`Upload a new picture for ${label}`}
          onProcessed={(image) => {
            if (image.status === 'done') onPicture(path, image);
          }}
        />
      ) : null}
      <LibraryPicker path={path} label={label} groupId={d.id} altId={alt.id} altText={text(pic.alt)} upload={upload} currentText={currentText} keepText={keepText} empty={!upload && !file && !shown} />
    </fieldset>
  );
}

/** A picture's own fields: its alt text first, the type's other fields, and what the saving needs to know it was. */
function PictureFields({
  path,
  pic,
  alt,
  required,
  others,
  file,
  upload,
}: {
  path: Path;
  pic: PictureValue;
  alt: Described;
  required: boolean;
  others: readonly FieldSpec[];
  file: string;
  upload: string;
}) {
  const { focus } = useEditor();
  return (
    <div className="c-picture__fields">
      <div className={`c-field${alt.errors.length ? ' c-field--error' : ''}`}>
        <label htmlFor={alt.id}>Alt text{required ? ' (required)' : ' (optional)'}</label>
        <p className="c-field__hint" id={`${alt.id}--hint`}>
          What the picture shows, for people who cannot see it.
        </p>
        <Errors id={alt.errorId} errors={alt.errors} />
        <input
          type="text"
          id={alt.id}
          name={docName([...path, 'alt'])}
          defaultValue={text(pic.alt)}
          required={required}
          maxLength={300}
          autoComplete="off"
          autoFocus={focus === alt.id}
          aria-invalid={alt.errors.length ? true : undefined}
          aria-describedby={[`${alt.id}--hint`, alt.errorId].filter(Boolean).join(' ')}
        />
      </div>
      {others
        .filter((f) => f.name !== 'alt')
        .map((f) => (
          <FieldView key={f.name} field={f} path={[...path, f.name]} value={(pic as Record<string, unknown>)[f.name]} />
        ))}
      {file ? <input type="hidden" name={docName([...path, 'file'])} value={file} /> : null}
      <input type="hidden" name={pictureWasName(path)} value={`${upload}\n${text(pic.alt)}`} />
    </div>
  );
}

interface PickerProps {
  path: Path;
  label: string;
  /** The picture's fieldset id, which the radio buttons' ids start with. */
  groupId: string;
  /** The alt text field, filled with a chosen picture's alt text. */
  altId: string;
  /** The alt text as saved, put back when "Keep" is chosen again. */
  altText: string;
  upload: string;
  currentText: string;
  keepText: string;
  /** Nothing chosen yet: the picker starts open. */
  empty: boolean;
}

/** The fold that chooses another picture from the media library: a search, then the pictures as radio buttons. */
function LibraryPicker({ path, label, groupId, altId, altText, upload, currentText, keepText, empty }: PickerProps) {
  const { library, librarySearch } = useEditor();
  const searched = librarySearch?.key === pathKey(path) ? librarySearch : undefined;
  const choices = library.filter((m) => m.path !== upload);
  return (
    <details className="c-fold c-picker" open={Boolean(searched) || empty}>
      <summary>
        <span className="c-fold__label">Picture:</span> <span className="c-fold__value">{currentText}. Choose another from the media library…</span>
      </summary>
      <fieldset className="c-picker__set">
        <legend>Media library: {label}</legend>
        <LibrarySearchBox path={path} searched={searched} shown={library.length} />
        <LibraryChoices path={path} groupId={groupId} altId={altId} altText={altText} upload={upload} keepText={keepText} choices={choices} />
        {choices.length === 0 && !searched ? <p className="c-muted">The media library has no other processed picture yet.</p> : null}
        <p className="c-picker__more">
          <a href="/admin/media" target="_blank" rel="noopener" className="c-textlink">
            Upload a new picture in the media library (opens in a new tab)
          </a>
          , then{' '}
          <button type="submit" name="intent" value="refresh" formNoValidate className="c-inlinebtn">
            show the newest pictures here
          </button>
          .
        </p>
      </fieldset>
    </details>
  );
}

/** The library's search box (Enter searches, not the form's default button) and how many pictures it found. */
function LibrarySearchBox({ path, searched, shown }: { path: Path; searched: LibrarySearch | undefined; shown: number }) {
  const { focus } = useEditor();
  return (
    <>
      <div className="c-picker__search">
        <div className="c-field">
          <label htmlFor={fieldId(path, 'libq')}>Search the library (alt text, caption or file name)</label>
          <input
            type="search"
            id={fieldId(path, 'libq')}
            name={libraryQueryName(path)}
            defaultValue={searched?.q ?? ''}
            maxLength={200}
            autoComplete="off"
            autoFocus={focus === fieldId(path, 'libq')}
            onKeyDown={(e) => {
              // Enter searches (not the form's default button).
              if (e.key !== 'Enter') return;
              e.preventDefault();
              document.getElementById(fieldId(path, 'libsearch'))?.click();
            }}
          />
        </div>
        <button type="submit" name="intent" value={intentOf('library', path)} id={fieldId(path, 'libsearch')} formNoValidate className="btn btn--ghost btn--sm">
          Search
        </button>
      </div>
      {searched ? (
        <p className="c-count" role="status">
          {searched.total === 0
            ? 'No picture matches.'
            : `${searched.total} ${searched.total === 1 ? 'picture matches' : 'pictures match'}${searched.q ? ` “${searched.q}”` : ''}${searched.total > shown ? ` (the ${shown} newest shown)` : ''}.`}
        </p>
      ) : shown >= 24 ? (
        <p className="c-count">The newest pictures are shown; search for others.</p>
      ) : null}
    </>
  );
}

/** The radio buttons: keep the picture there is, or one of the library's (its alt text comes with it). */
function LibraryChoices({ path, groupId, altId, altText, upload, keepText, choices }: Omit<PickerProps, 'label' | 'currentText' | 'empty'> & { choices: MediaImage[] }) {
  const radioName = docName([...path, 'upload']);
  return (
    <ul className="c-picker__grid">
      <li className="c-picker__item c-picker__item--keep">
        <input
          type="radio"
          id={`${groupId}--keep`}
          name={radioName}
          value={upload}
          defaultChecked
          onChange={(e) => {
            const field = document.getElementById(altId) as HTMLInputElement | null;
            if (e.currentTarget.checked && field) field.value = altText;
          }}
        />
        <label htmlFor={`${groupId}--keep`}>{keepText}</label>
      </li>
      {choices.map((m) => (
        <li key={m.id} className="c-picker__item">
          <input type="hidden" name={libraryAltName(path)} value={`${m.path}\n${m.alt}`} />
          <input
            type="radio"
            id={`${groupId}--m${m.id}`}
            name={radioName}
            value={m.path}
            onChange={(e) => {
              // The library's alt text comes with the picture (saving does the same without JavaScript).
              const field = document.getElementById(altId) as HTMLInputElement | null;
              if (e.currentTarget.checked && field && m.alt) field.value = m.alt;
            }}
          />
          <label htmlFor={`${groupId}--m${m.id}`}>
            <span className="c-picker__thumb">
              {/* Named by the label's text beside it. */}
              <LibraryThumb image={m} sizes="10rem" />
            </span>
            <span className="c-picker__alt">{m.alt}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/** A library picture shown beside its own alt text (in a label or a field): decorative here. */
function LibraryThumb({ image, sizes }: { image: MediaImage; sizes: string }) {
  if (!image.meta) return <MediaThumb image={image} sizes={sizes} />;
  return <Image src={image.path} alt="" width={image.meta.w} height={image.meta.h} sizes={sizes} meta={image.meta} className="c-media__img" />;
}

function BlocksField({ field, path, value }: { field: Extract<FieldSpec, { kind: 'blocks' }>; path: Path; value: unknown }) {
  const d = useDescribed(path, field.hint);
  const blocks = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const names = Object.keys(blocks);
  return (
    <FieldGroup className="c-group" d={d} legend={field.label} hint={field.hint}>
      {names.length ? (
        <div className="c-group__fields">
          {names.map((n) => (
            <MarkdownField key={n} label={n.charAt(0).toUpperCase() + n.slice(1).replace(/[-_]/g, ' ')} required path={[...path, n]} value={blocks[n]} />
          ))}
        </div>
      ) : (
        <p className="c-muted">This page has no text blocks.</p>
      )}
    </FieldGroup>
  );
}
