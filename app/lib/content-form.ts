// The content editor's form (/admin/content/:type/...), as pure functions shared by the route's
// action (a plain HTML form post, without JavaScript) and the browser (with it): the names of the
// fields, which encode each value's path in the document ("doc.itinerary.2.meals.lunch"); the ONE
// decoder that turns a posted form and the type's FieldSpec[] back into the JSON document; the
// operations of the add / remove / move buttons of repeated entries and ordered references; where
// each problem of a refused document is shown; and the line diff's hunks.
//
// A field's path is its keys in the document; "itinerary.2.title" is also how the API names a
// problem's field (ContentProblems), so the form's ids and the problems meet on the same key.
import { blankDocument, type ContentDocument, type DiffLine, type FieldSpec } from '../../common/content-editing.ts';
import { fromLocalInput, toLocalInput } from '../../common/operator-time.ts';

type Seg = string | number;
export type Path = readonly Seg[];

/** Field names: the document's values, the "add a reference" pickers, the number of repeated entries. */
const DOC = 'doc';
const PICK = 'pick';
const COUNT = 'n';
/** The order an unordered reference list was written in (its boxes come in the choices' order). */
const WRITTEN = 'written';

/** A path segment as written in a name: '.' and '%' escaped so that any key survives. */
function escapeSeg(s: Seg): string {
  return String(s).replace(/%/g, '%25').replace(/\./g, '%2E');
}
function unescapeSeg(s: string): string {
  return s.replace(/%2E/gi, '.').replace(/%25/g, '%');
}

/** "itinerary.2.title": the key of a path, as the API's problems name it. */
export function pathKey(path: Path): string {
  return path.map(escapeSeg).join('.');
}

/** The segments of a key (numbers stay strings: "2" indexes an array as well as 2 does). */
export function parsePathKey(key: string): string[] {
  return key === '' ? [] : key.split('.').map(unescapeSeg);
}

export const docName = (path: Path) => `${DOC}.${pathKey(path)}`;
export const pickName = (path: Path) => `${PICK}.${pathKey(path)}`;
export const countName = (path: Path) => `${COUNT}.${pathKey(path)}`;
export const writtenName = (path: Path) => `${WRITTEN}.${pathKey(path)}`;
/** A picture's library choices with their alt text ("path\nalt" each), and what it had when drawn. */
export const libraryAltName = (path: Path) => `libalt.${pathKey(path)}`;
export const pictureWasName = (path: Path) => `picwas.${pathKey(path)}`;

/** The element id of the field (or fieldset) at a path: "cf-itinerary-2-title". */
export function fieldId(path: Path | string, suffix?: string): string {
  const segs = typeof path === 'string' ? parsePathKey(path) : path;
  const base = `cf-${segs.map((s) => String(s).replace(/[^A-Za-z0-9_-]/g, '_')).join('-')}`;
  return suffix ? `${base}--${suffix}` : base;
}

/** Ids of the buttons and pickers the editor moves the focus to after an operation. */
export const ids = {
  entry: (path: Path) => fieldId(path),
  button: (op: 'up' | 'down' | 'remove', path: Path) => fieldId(path, op),
  add: (path: Path) => fieldId(path, 'add'),
  pick: (path: Path) => fieldId(path, 'pick'),
};

// ---------------------------------------------------------------------------------------------
// Reading values at paths.

export function getAt(doc: unknown, path: Path): unknown {
  let cur: unknown = doc;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[String(seg)];
  }
  return cur;
}

/** The document with the value at `path` replaced (copies along the path; the rest is shared). */
export function setAt<T>(doc: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const key = String(head);
  const isIndex = /^\d+$/.test(key);
  const base: unknown = doc;
  if (Array.isArray(base)) {
    const copy = base.slice();
    copy[Number(key)] = setAt(copy[Number(key)], rest, value);
    return copy as T;
  }
  if (base !== null && typeof base === 'object') return { ...(base as object), [key]: setAt((base as Record<string, unknown>)[key], rest, value) } as T;
  const fresh: unknown = isIndex ? [] : {};
  return setAt(fresh as T, path, value);
}

/** The field a path leads to, walking into groups, repeated entries and pictures. */
export function specAt(fields: readonly FieldSpec[], path: Path): FieldSpec | undefined {
  let list: readonly FieldSpec[] = fields;
  let field: FieldSpec | undefined;
  for (let i = 0; i < path.length; i++) {
    const seg = String(path[i]);
    if (field?.kind === 'repeat' && /^\d+$/.test(seg)) {
      list = field.fields;
      field = undefined;
      continue;
    }
    if (field && field.kind !== 'group' && field.kind !== 'repeat') return undefined;
    field = list.find((f) => f.name === seg);
    if (!field) return undefined;
    if (field.kind === 'group') list = field.fields;
  }
  return field;
}

// ---------------------------------------------------------------------------------------------
// The decoder: posted form + FieldSpec[] -> document.

/** What the decoder reads: a FormData, or anything with its three methods. */
export interface FormLike {
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
  keys(): Iterable<string>;
}

const str = (v: FormDataEntryValue | null | undefined): string => (typeof v === 'string' ? v : '');
const lf = (s: string) => s.replace(/\r\n?/g, '\n');

/** Nothing there: no value, an empty text or list, an unticked box, or an object of only those. */
function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.values(v as object).every(isEmptyValue);
  return false;
}

/** A picture's own keys: the content image file and the media library image. */
const PICTURE_KEYS = new Set(['file', 'upload']);

/**
 * A picture's values: its other fields (alt text, caption), and either the media-library image the
 * editor picked (`upload`, which then replaces any content file) or the content file it had.
 */
function decodePicture(form: FormLike, fields: readonly FieldSpec[], path: Path): Record<string, unknown> {
  const upload = str(form.get(docName([...path, 'upload']))).trim();
  const file = str(form.get(docName([...path, 'file']))).trim();
  const out: Record<string, unknown> = {};
  let placed = false;
  const place = () => {
    if (placed) return;
    placed = true;
    if (upload) out.upload = upload;
    else if (file) out.file = file;
  };
  for (const f of fields) {
    if (PICTURE_KEYS.has(f.name)) {
      place();
      continue;
    }
    const v = decodeField(form, f, [...path, f.name]);
    if (v !== undefined) out[f.name] = v;
  }
  place();
  // Another library picture chosen: its alt text comes with it, unless a new one was typed.
  const was = form.get(pictureWasName(path));
  if (upload && was !== null) {
    const [wasUpload = '', wasAlt = ''] = lf(str(was)).split('\n');
    const libraryAlt = form
      .getAll(libraryAltName(path))
      .map((v) => lf(str(v)).split('\n'))
      .find(([p]) => p === upload)?.[1];
    const typed = typeof out.alt === 'string' ? out.alt : '';
    if (upload !== wasUpload && libraryAlt && (typed.trim() === '' || typed === wasAlt)) out.alt = libraryAlt;
  }
  return out;
}

/** The alt text of a picture field (kind 'image', whose spec has no fields of its own). */
const ALT_FIELD: FieldSpec = { kind: 'text', name: 'alt', label: 'Alt text', required: true };

function decodeFields(form: FormLike, fields: readonly FieldSpec[], path: Path): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = decodeField(form, f, [...path, f.name]);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

function decodeField(form: FormLike, f: FieldSpec, path: Path): unknown {
  const name = docName(path);
  switch (f.kind) {
    case 'text':
    case 'date':
    case 'enum':
    case 'ref': {
      const s = str(form.get(name)).trim();
      return s === '' ? undefined : s;
    }
    case 'markdown': {
      const s = lf(str(form.get(name)));
      return s.trim() === '' ? undefined : s;
    }
    case 'number': {
      const s = str(form.get(name)).trim();
      if (s === '') return undefined;
      const n = Number(s);
      // Not a number: kept as typed, for the API to refuse and the form to show again.
      return Number.isFinite(n) ? n : s;
    }
    case 'boolean':
      return form.get(name) !== null && str(form.get(name)) !== 'false';
    case 'list':
      return lf(str(form.get(name)))
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
    case 'refs': {
      const values = form
        .getAll(name)
        .map((v) => str(v).trim())
        .filter(Boolean);
      // The "add" picker of an ordered list: what is chosen there is added, whichever button was pressed.
      const pick = str(form.get(pickName(path))).trim();
      if (pick) values.push(pick);
      if (f.ordered) return values;
      // Ticked boxes come in the order of the choices: the document keeps the order it was written
      // in, a newly ticked one after the others, so saving changes nothing that was not touched.
      const written = lf(str(form.get(writtenName(path))))
        .split('\n')
        .filter(Boolean);
      const rank = (v: string) => (written.includes(v) ? written.indexOf(v) : written.length);
      return [...new Set(values)].sort((a, b) => rank(a) - rank(b));
    }
    case 'image': {
      const v = decodePicture(form, [ALT_FIELD, { kind: 'text', name: 'file', label: '', required: false }], path);
      return !f.required && isEmptyValue(v) ? undefined : v;
    }
    case 'group': {
      const v = decodeFields(form, f.fields, path);
      return !f.required && isEmptyValue(v) ? undefined : v;
    }
    case 'repeat': {
      const n = Math.min(500, Math.max(0, Number.parseInt(str(form.get(countName(path))), 10) || 0));
      const out: Record<string, unknown>[] = [];
      for (let i = 0; i < n; i++) out.push(f.picture ? decodePicture(form, f.fields, [...path, i]) : decodeFields(form, f.fields, [...path, i]));
      return out;
    }
    case 'blocks': {
      const prefix = `${name}.`;
      const out: Record<string, string> = {};
      for (const key of new Set(form.keys())) {
        if (!key.startsWith(prefix)) continue;
        const rest = key.slice(prefix.length);
        if (rest.includes('.') || rest === '') continue;
        out[unescapeSeg(rest)] = lf(str(form.get(key)));
      }
      return out;
    }
  }
}

/** The document a posted form describes, read by the type's fields. */
export function decodeDocument(form: FormLike, fields: readonly FieldSpec[]): ContentDocument {
  return decodeFields(form, fields, []);
}

// ---------------------------------------------------------------------------------------------
// New entries and the buttons' operations.

/** A new entry's values: the same blank document the server starts a new item from. */
export const blankOf = (fields: readonly FieldSpec[]): Record<string, unknown> => blankDocument(fields);

type ListOp = 'add' | 'remove' | 'up' | 'down';

export interface ParsedIntent {
  /** A list button, a Markdown field's preview, or a picture chooser's library search. */
  op: ListOp | 'preview' | 'library';
  path: string[];
}

/** "up:itinerary.2" -> { op: 'up', path: ['itinerary', '2'] }; anything else: undefined. */
export function parseIntent(intent: string | null | undefined): ParsedIntent | undefined {
  const m = /^(add|remove|up|down|preview|library):(.+)$/.exec(intent ?? '');
  if (!m) return undefined;
  return { op: m[1] as ParsedIntent['op'], path: parsePathKey(m[2]!) };
}

export const intentOf = (op: ParsedIntent['op'], path: Path) => `${op}:${pathKey(path)}`;

/** The name of a picture chooser's library search field. */
export const libraryQueryName = (path: Path) => `libq.${pathKey(path)}`;

export interface Applied {
  doc: ContentDocument;
  /** The id of the element to focus after the change. */
  focus: string;
}

/**
 * A list button's change of the unsaved document: add an entry (or, for an ordered reference list,
 * the picked item, which the decoder has already added), remove one, move one up or down. Undefined
 * when the intent does not name a list of this form.
 */
export function applyIntent(doc: ContentDocument, intent: string | null | undefined, fields: readonly FieldSpec[]): Applied | undefined {
  const parsed = parseIntent(intent);
  if (!parsed || parsed.op === 'preview' || parsed.op === 'library') return undefined;
  const { op, path } = parsed;
  if (op === 'add') {
    const spec = specAt(fields, path);
    if (spec?.kind === 'repeat') {
      const list = Array.isArray(getAt(doc, path)) ? (getAt(doc, path) as unknown[]) : [];
      return { doc: setAt(doc, path, [...list, blankOf(spec.fields)]), focus: ids.entry([...path, list.length]) };
    }
    if (spec?.kind === 'refs') return { doc, focus: ids.pick(path) };
    return undefined;
  }
  const index = path.length ? Number(path[path.length - 1]) : NaN;
  const listPath = path.slice(0, -1);
  const spec = specAt(fields, listPath);
  if (!Number.isInteger(index) || !(spec?.kind === 'repeat' || (spec?.kind === 'refs' && spec.ordered))) return undefined;
  const list = getAt(doc, listPath);
  if (!Array.isArray(list) || index < 0 || index >= list.length) return undefined;
  const next = list.slice();
  if (op === 'remove') {
    next.splice(index, 1);
    return { doc: setAt(doc, listPath, next), focus: ids.add(listPath) };
  }
  const to = op === 'up' ? index - 1 : index + 1;
  if (to < 0 || to >= list.length) return { doc, focus: ids.button(op, [...listPath, index]) };
  [next[index], next[to]] = [next[to], next[index]];
  // The focus follows the entry: the same button when it can still move that way, else the other.
  const stillMoves = op === 'up' ? to > 0 : to < list.length - 1;
  return { doc: setAt(doc, listPath, next), focus: ids.button(stillMoves ? op : op === 'up' ? 'down' : 'up', [...listPath, to]) };
}

// ---------------------------------------------------------------------------------------------
// Problems: where each is shown.

/**
 * The key of the element a problem is shown beside: the problem's own field when the form draws
 * one for it, else the nearest enclosing one (an entry, a group, the list), '' for the whole form.
 */
export function problemAnchor(fields: readonly FieldSpec[], key: string): string {
  const segs = parsePathKey(key);
  const out: string[] = [];
  let list: readonly FieldSpec[] = fields;
  let field: FieldSpec | undefined;
  for (const seg of segs) {
    if (!field) {
      field = list.find((f) => f.name === seg);
      if (!field) break;
      out.push(seg);
      if (field.kind === 'group') {
        list = field.fields;
        field = undefined;
      }
      continue;
    }
    if (field.kind === 'repeat' && /^\d+$/.test(seg)) {
      out.push(seg);
      // A picture's file and library image are its chooser: shown on the entry.
      list = field.picture ? field.fields.filter((f) => !PICTURE_KEYS.has(f.name)) : field.fields;
      field = undefined;
      continue;
    }
    if (field.kind === 'image' && seg === 'alt') out.push(seg);
    else if (field.kind === 'blocks') out.push(seg);
    break;
  }
  return out.map(escapeSeg).join('.');
}

export interface Problem {
  path: string;
  message: string;
}

/** Problems grouped by the key of the element that shows them. */
export function problemsByAnchor(fields: readonly FieldSpec[], problems: readonly Problem[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of problems) {
    const key = problemAnchor(fields, p.path);
    const list = out.get(key) ?? [];
    if (!list.includes(p.message)) list.push(p.message);
    out.set(key, list);
  }
  return out;
}

/** "Day 3 › Meals › Lunch": a problem's field in words, for the summary at the top of the form. */
export function describePath(fields: readonly FieldSpec[], key: string): string {
  const segs = parsePathKey(key);
  const words: string[] = [];
  let list: readonly FieldSpec[] = fields;
  let field: FieldSpec | undefined;
  for (const seg of segs) {
    if (field?.kind === 'repeat' && /^\d+$/.test(seg)) {
      words.push(`${field.itemLabel} ${Number(seg) + 1}`);
      list = field.fields;
      field = undefined;
      continue;
    }
    if (field && (field.kind === 'refs' || field.kind === 'list') && /^\d+$/.test(seg)) {
      words.push(`item ${Number(seg) + 1}`);
      continue;
    }
    if (field?.kind === 'image' || field?.kind === 'blocks') {
      words.push(seg === 'alt' ? 'Alt text' : seg);
      continue;
    }
    const next = list.find((f) => f.name === seg);
    if (!next) {
      words.push(seg);
      continue;
    }
    field = next;
    words.push(next.label);
    if (next.kind === 'group') {
      list = next.fields;
      field = undefined;
    }
  }
  return words.join(' › ') || 'The whole item';
}

// ---------------------------------------------------------------------------------------------
// Small helpers of the screens.

/** "Lake Mburo National Park!" -> "lake-mburo-national-park" */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export const SLUG_PATTERN = '[a-z0-9]+(-[a-z0-9]+)*';

/** A datetime-local input's value, read in the operator's time zone (which the screen names) -> ISO; invalid: undefined. */
export function fromDateTimeInput(value: string, zone: string): string | undefined {
  return fromLocalInput(value, zone)?.toISOString();
}

/** ISO -> a datetime-local input's value in the operator's time zone ("2026-12-03T12:00"). */
export function toDateTimeInput(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : toLocalInput(d, zone);
}

/** A date field's value as the date input wants it ("2024-05-01"), from an ISO date or time. */
export function toDateInput(v: unknown): string {
  if (typeof v !== 'string') return '';
  const m = /^\d{4}-\d{2}-\d{2}/.exec(v);
  return m ? m[0] : '';
}

/** The content image a document's picture stands for when it names no library image (as the site serves it). */
export function contentImagePath(collection: string, slug: string, picture: { file?: unknown; upload?: unknown } | undefined, gallery = false): string | undefined {
  if (typeof picture?.upload === 'string' && picture.upload) return picture.upload;
  const stem = (f: string) => f.replace(/\.[a-z0-9]+$/i, '');
  if (gallery) return typeof picture?.file === 'string' && picture.file && slug ? `images/${collection}/${slug}/${stem(picture.file)}.jpg` : undefined;
  if (!slug) return undefined;
  return `images/${collection}/${stem(typeof picture?.file === 'string' && picture.file ? picture.file : slug)}.jpg`;
}

export type Hunk = { kind: 'lines'; lines: (DiffLine & { oldNo?: number; newNo?: number })[] } | { kind: 'skip'; count: number };

/** A diff with long runs of unchanged lines folded, `context` lines kept around each change. */
export function diffHunks(lines: readonly DiffLine[], context = 3): Hunk[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((l, i) => {
    if (l.op === ' ') return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep[j] = true;
  });
  const out: Hunk[] = [];
  let oldNo = 0;
  let newNo = 0;
  let i = 0;
  while (i < lines.length) {
    if (!keep[i]) {
      let n = 0;
      while (i < lines.length && !keep[i]) {
        oldNo++;
        newNo++;
        n++;
        i++;
      }
      // Folding a single line saves nothing.
      if (n === 1) {
        const l = lines[i - 1]!;
        const last = out[out.length - 1];
        const line = { ...l, oldNo, newNo };
        if (last?.kind === 'lines') last.lines.push(line);
        else out.push({ kind: 'lines', lines: [line] });
      } else out.push({ kind: 'skip', count: n });
      continue;
    }
    const chunk: (DiffLine & { oldNo?: number; newNo?: number })[] = [];
    while (i < lines.length && keep[i]) {
      const l = lines[i]!;
      if (l.op !== '+') oldNo++;
      if (l.op !== '-') newNo++;
      chunk.push({ ...l, ...(l.op !== '+' ? { oldNo } : {}), ...(l.op !== '-' ? { newNo } : {}) });
      i++;
    }
    const last = out[out.length - 1];
    if (last?.kind === 'lines') last.lines.push(...chunk);
    else out.push({ kind: 'lines', lines: chunk });
  }
  return out;
}

/** How many lines a diff adds and removes. */
export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.op === '+') added++;
    else if (l.op === '-') removed++;
  }
  return { added, removed };
}

/** A value with its empty parts left out (no value, '', [], false, {}), for comparing versions. */
function pruned(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(pruned);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) {
      const p = pruned((v as Record<string, unknown>)[k]);
      if (!isEmptyValue(p)) out[k] = p;
    }
    return out;
  }
  return typeof v === 'string' ? v.replace(/\s+$/, '') : v;
}

/** Whether two documents say the same thing (key order, empty fields and trailing spaces aside). */
export function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(pruned(a)) === JSON.stringify(pruned(b));
}
