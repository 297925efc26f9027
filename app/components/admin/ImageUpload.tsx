// The console's image upload, for the media library and for every content form that takes an
// image. Underneath it is a plain form: a real <input type=file>, the alt text (required) and a
// caption, posted as multipart/form-data to `action` (a console route whose action hands the file
// to /api/admin/media; the media screen's does), so it works without JavaScript. Once the page
// is hydrated it is enhanced: files can be dropped on the zone as well as picked (the zone is the
// file input's label, so the keyboard reaches it as the input), several at once, each with its
// own alt text, each sent straight to /api/admin/media with its own progress bar, then followed
// while the server renders its variants (queued → processing n of 9 → ready).
//
//   <ImageUpload onUploaded={(image) => …} onProcessed={(image) => …} />
//
// `embedded`: inside another form (a picture field of the content editor), where a form of its own
// cannot be: the same zone, checks, upload and progress, drawn only once the page is hydrated (the
// other form's plain library link serves without JavaScript), one file at a time, its inputs
// nameless so the other form never posts them.
//
// The server decides what is an image (by its bytes); the only check made here is the size, so
// that a 25 MB file is not sent for nothing. A 413 that is not the site's own (no JSON error) is
// a proxy's in front of the site, and said so.
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Form } from 'react-router';
import { ALT_MAX, CAPTION_MAX, MEDIA_MESSAGES, MEDIA_PROGRESS_LABEL, UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, type MediaImage } from '../../../common/media-library.ts';
import { proxyTooLargeMessage } from '../../../common/proxy-limit.ts';
import { CsrfInput, useConsoleSession } from './ConsoleUi.tsx';
import './ImageUpload.css';

export interface ImageUploadProps {
  /** Called when the server has accepted a file (it is then queued for processing). */
  onUploaded?: (image: MediaImage) => void;
  /** Called when an uploaded image's variants are ready (or its processing failed). */
  onProcessed?: (image: MediaImage) => void;
  /** Where the form posts without JavaScript: a console route with an `upload` intent. */
  action?: string;
  /** The heading level and text of the zone. */
  label?: string;
  /** Several files at once (with JavaScript). */
  multiple?: boolean;
  /** Error and notice from the route's action, after a submission without JavaScript. */
  serverError?: string;
  serverField?: string;
  /** Inside another form: no form of its own, nothing without JavaScript (see above). */
  embedded?: boolean;
}

/** The console API address, same origin. */
const API = '/api/admin/media';
const POLL_MS = 700;

type Phase = 'ready' | 'uploading' | 'processing' | 'done' | 'failed' | 'refused';

interface Item {
  key: number;
  file: File;
  alt: string;
  caption: string;
  phase: Phase;
  /** 0..1 of the bytes sent. */
  sent: number;
  image?: MediaImage;
  error?: string;
  altError?: boolean;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

function statusText(item: Item): string {
  switch (item.phase) {
    case 'ready':
      return 'Ready to upload';
    case 'uploading':
      return `Uploading: ${Math.round(item.sent * 100)}%`;
    case 'processing': {
      const img = item.image;
      if (!img || img.status === 'queued') return MEDIA_PROGRESS_LABEL.queued;
      return `${MEDIA_PROGRESS_LABEL.processing}: ${img.variantsDone} of ${img.variantsTotal} variants`;
    }
    case 'done':
      return `Ready: ${item.image?.variantsTotal ?? 0} variants`;
    case 'failed':
      return `Failed: ${item.error ?? ''}`;
    case 'refused':
      return item.error ?? 'Refused';
  }
}

/** What the API answered a file: the image, queued (202), or its refusal. */
type Answer = (MediaImage & { error?: string; code?: string }) | undefined;

/** Posts one file to the API with its alt text and caption, reporting the share of bytes sent; 'interrupted' when the connection failed. */
function postFile(item: Item, csrf: string, onSent: (share: number) => void): Promise<{ status: number; answer: Answer } | 'interrupted'> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append('file', item.file, item.file.name);
    body.append('alt', item.alt);
    body.append('caption', item.caption);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onSent(e.loaded / e.total);
    };
    xhr.onerror = () => resolve('interrupted');
    xhr.onload = () => {
      let answer: Answer;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = undefined;
      }
      resolve({ status: xhr.status, answer });
    };
    xhr.send(body);
  });
}

/** Asks for an uploaded image every POLL_MS while it is queued or processing (and still wanted); its last state. */
async function watchProcessing(image: MediaImage, wanted: () => boolean, onChange: (image: MediaImage) => void): Promise<MediaImage> {
  let current = image;
  while (wanted() && (current.status === 'queued' || current.status === 'processing')) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const res = await fetch(`${API}/${current.id}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' }).catch(() => undefined);
    if (!res?.ok) continue;
    current = (await res.json()) as MediaImage;
    onChange(current);
  }
  return current;
}

/** A file just chosen: ready to be described, or refused at once when it is over the size limit. */
function chosenItem(file: File, key: number): Item {
  const tooLarge = file.size > UPLOAD_MAX_BYTES;
  return { key, file, alt: '', caption: '', phase: tooLarge ? 'refused' : 'ready', sent: 0, error: tooLarge ? MEDIA_MESSAGES.tooLarge : undefined };
}

/** Why a file was not taken, and what becomes of it: back to its fields for its alt text, or refused. */
function refusal(status: number, answer: Answer): { message: string; patch: Partial<Item> } {
  // A 413 without the site's own words: a proxy in front refused the file (files over the
  // site's limit are not sent at all).
  const message = answer?.error ?? (status === 413 ? proxyTooLargeMessage(UPLOAD_MAX_BYTES / 1024 / 1024) : 'The upload was refused. Please try again.');
  return { message, patch: answer?.code === 'invalid-alt' ? { phase: 'ready', altError: true, error: message } : { phase: 'refused', error: message } };
}

/** True while the component is on the page (a follow-up after it left does nothing). */
function useMounted() {
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  return live;
}

/**
 * The files chosen and their way through: chosen (too large ones refused at once), described,
 * checked for alt text, sent one after the other, followed while their variants are made; and the
 * sentence announced after each step.
 */
function useUploads({ id, multiple, onUploaded, onProcessed }: { id: string; multiple: boolean } & Pick<ImageUploadProps, 'onUploaded' | 'onProcessed'>) {
  const session = useConsoleSession();
  const [items, setItems] = useState<Item[]>([]);
  const [announce, setAnnounce] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef(0);
  const live = useMounted();
  const callbacks = useRef({ onUploaded, onProcessed });
  callbacks.current = { onUploaded, onProcessed };

  const update = (key: number, patch: Partial<Item>) => setItems((all) => all.map((it) => (it.key === key ? { ...it, ...patch } : it)));
  const remove = (key: number) => setItems((all) => all.filter((x) => x.key !== key));

  function addFiles(list: FileList | File[]) {
    const files = [...list];
    if (!files.length) return;
    const chosen = multiple ? files : files.slice(0, 1);
    setItems((all) => [...(multiple ? all.filter((it) => it.phase !== 'done') : []), ...chosen.map((file) => chosenItem(file, ++keyRef.current))]);
    setAnnounce(`${chosen.length} ${chosen.length === 1 ? 'file' : 'files'} chosen. Describe each image, then upload.`);
    if (inputRef.current) inputRef.current.value = '';
  }

  async function follow(item: Item, image: MediaImage) {
    const current = await watchProcessing(
      image,
      () => live.current,
      (now) => update(item.key, { image: now }),
    );
    if (!live.current) return;
    const failed = current.status === 'failed';
    update(item.key, { phase: failed ? 'failed' : 'done', image: current, error: current.error ?? undefined });
    setAnnounce(failed ? `${item.file.name} could not be processed.` : `${item.file.name} is ready: ${current.variantsTotal} variants.`);
    callbacks.current.onProcessed?.(current);
  }

  async function send(item: Item): Promise<void> {
    update(item.key, { phase: 'uploading', sent: 0, error: undefined, altError: false });
    const sent = await postFile(item, session?.csrf ?? '', (share) => update(item.key, { sent: share }));
    if (sent === 'interrupted') {
      update(item.key, { phase: 'refused', error: 'The upload was interrupted. Check the connection and try again.' });
      return;
    }
    const { status, answer } = sent;
    if (status === 202 && answer) {
      update(item.key, { phase: 'processing', sent: 1, image: answer });
      setAnnounce(`${item.file.name} uploaded; processing.`);
      callbacks.current.onUploaded?.(answer);
      void follow(item, answer);
      return;
    }
    const { message, patch } = refusal(status, answer);
    update(item.key, patch);
    setAnnounce(`${item.file.name}: ${message}`);
  }

  async function uploadReady() {
    const ready = items.filter((it) => it.phase === 'ready');
    if (!ready.length) {
      setAnnounce(items.length ? 'Nothing left to upload.' : MEDIA_MESSAGES.noFile);
      inputRef.current?.focus();
      return;
    }
    const missing = ready.filter((it) => !it.alt.trim());
    if (missing.length) {
      setItems((all) => all.map((it) => (missing.includes(it) ? { ...it, altError: true, error: MEDIA_MESSAGES.alt } : it)));
      setAnnounce(MEDIA_MESSAGES.alt);
      document.getElementById(`${id}-alt-${missing[0]!.key}`)?.focus();
      return;
    }
    setBusy(true);
    for (const it of ready) await send(it);
    setBusy(false);
  }

  return { items, announce, busy, inputRef, update, remove, addFiles, uploadReady };
}

/** True once the page is hydrated: the upload is then enhanced. */
function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return enhanced;
}

export function ImageUpload({ onUploaded, onProcessed, action = '/admin/media', label = 'Upload an image', multiple: many = true, serverError, serverField, embedded = false }: ImageUploadProps) {
  const multiple = many && !embedded;
  const id = useId();
  const enhanced = useEnhanced();
  const uploads = useUploads({ id, multiple, onUploaded, onProcessed });
  const { items, busy, uploadReady } = uploads;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (!enhanced) return;
    e.preventDefault();
    await uploadReady();
  }

  const pending = items.filter((it) => it.phase === 'ready').length;

  // Enter in a field of an embedded zone uploads (it must not send the form around it).
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!embedded || e.key !== 'Enter') return;
    e.preventDefault();
    void uploadReady();
  };

  if (embedded && !enhanced) return null;
  const body = (
    <>
      <DropZone id={id} inputRef={uploads.inputRef} embedded={embedded} enhanced={enhanced} multiple={multiple} serverField={serverField} onFiles={uploads.addFiles} />

      {enhanced ? items.length ? <ChosenImages id={id} items={items} update={uploads.update} remove={uploads.remove} onEnter={onEnter} /> : null : <PlainFields id={id} serverField={serverField} />}

      {serverError ? (
        <div className="c-alert c-alert--error" role="alert">
          {serverError}
        </div>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {uploads.announce}
      </p>
      {embedded && !items.length ? null : (
        <div>
          <button
            type={embedded ? 'button' : 'submit'}
            className={embedded ? 'btn btn--ghost btn--sm' : 'btn btn--primary'}
            disabled={busy || (embedded && !pending)}
            onClick={embedded ? () => void uploadReady() : undefined}
          >
            {busy ? 'Uploading…' : enhanced && pending > 1 ? `Upload ${pending} images` : embedded ? 'Upload and choose it' : 'Upload'}
          </button>
        </div>
      )}
    </>
  );
  if (embedded) {
    return (
      <div className="c-upload c-upload--embedded" role="group" aria-label={label}>
        {body}
      </div>
    );
  }
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="c-upload" onSubmit={onSubmit} aria-label={label} noValidate={enhanced}>
      <CsrfInput />
      <input type="hidden" name="intent" value="upload" />
      {body}
    </Form>
  );
}

interface DropZoneProps {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  embedded: boolean;
  enhanced: boolean;
  multiple: boolean;
  serverField?: string;
  onFiles: (files: FileList | File[]) => void;
}

/** The zone: the file input's label, a drop target once enhanced, with the limits as its hint. */
function DropZone({ id, inputRef, embedded, enhanced, multiple, serverField, onFiles }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const zoneLabel = embedded ? 'Drop a new picture here, or choose a file' : enhanced ? 'Drop images here, or choose files' : 'Choose an image file';
  const hint = `JPEG, PNG, WebP or AVIF, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB and 40 megapixels.`;
  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer?.files?.length) onFiles(e.dataTransfer.files);
  }
  return (
    <div
      className={`c-upload__zone${dragging ? ' c-upload__zone--over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        if (!dragging) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor={`${id}-file`} className="c-upload__label">
        {zoneLabel}
      </label>
      <p className="c-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        ref={inputRef}
        id={`${id}-file`}
        className="c-upload__input"
        name={embedded ? undefined : 'file'}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={enhanced && multiple}
        required={!enhanced}
        aria-describedby={`${id}-hint`}
        aria-invalid={serverField === 'file' ? true : undefined}
        onChange={enhanced ? (e) => e.currentTarget.files && onFiles(e.currentTarget.files) : undefined}
      />
    </div>
  );
}

interface ChosenProps {
  id: string;
  update: (key: number, patch: Partial<Item>) => void;
  remove: (key: number) => void;
  onEnter: (e: KeyboardEvent<HTMLInputElement>) => void;
}

/** The files chosen (with JavaScript): each one's fields while it waits, then its progress. */
function ChosenImages({ items, ...rest }: ChosenProps & { items: Item[] }) {
  return (
    <ul className="c-upload__list" aria-label="Chosen images">
      {items.map((it) => (
        <li key={it.key} className={`c-upload__item c-upload__item--${it.phase}`}>
          <div className="c-upload__file">
            <span className="c-upload__name c-break">{it.file.name}</span>
            <span className="c-muted">{formatBytes(it.file.size)}</span>
          </div>
          {it.phase === 'ready' ? <ChosenFields it={it} {...rest} /> : <ChosenProgress it={it} />}
        </li>
      ))}
    </ul>
  );
}

/** A chosen file's alt text (required) and caption, and the button that takes it off the list. */
function ChosenFields({ it, id, update, remove, onEnter }: ChosenProps & { it: Item }) {
  return (
    <div className="c-upload__fields">
      <div className={`c-field${it.altError ? ' c-field--error' : ''}`}>
        <label htmlFor={`${id}-alt-${it.key}`}>Alt text (required)</label>
        {it.altError ? (
          <p className="c-field__error" id={`${id}-alt-${it.key}-error`}>
            {it.error}
          </p>
        ) : null}
        <input
          id={`${id}-alt-${it.key}`}
          type="text"
          value={it.alt}
          maxLength={ALT_MAX}
          aria-invalid={it.altError ? true : undefined}
          aria-describedby={it.altError ? `${id}-alt-${it.key}-error` : undefined}
          onChange={(e) => update(it.key, { alt: e.currentTarget.value, altError: false })}
          onKeyDown={onEnter}
        />
      </div>
      <div className="c-field">
        <label htmlFor={`${id}-caption-${it.key}`}>Caption (optional)</label>
        <input id={`${id}-caption-${it.key}`} type="text" value={it.caption} maxLength={CAPTION_MAX} onChange={(e) => update(it.key, { caption: e.currentTarget.value })} onKeyDown={onEnter} />
      </div>
      <button type="button" className="c-linkbtn c-linkbtn--muted" onClick={() => remove(it.key)}>
        Remove {it.file.name} from the list
      </button>
    </div>
  );
}

/** A file on its way: a progress bar (bytes sent, then variants made) and its state in words. */
function ChosenProgress({ it }: { it: Item }) {
  return (
    <div className="c-upload__state">
      {it.phase === 'refused' || it.phase === 'failed' ? null : (
        <progress
          max={1}
          value={it.phase === 'uploading' ? it.sent : it.phase === 'processing' ? (it.image?.variantsTotal ? it.image.variantsDone / it.image.variantsTotal : undefined) : 1}
          aria-label={`${it.file.name}: ${statusText(it)}`}
        />
      )}
      <span className={it.phase === 'refused' || it.phase === 'failed' ? 'c-upload__error' : undefined}>{statusText(it)}</span>
    </div>
  );
}

/** Without JavaScript: one file's alt text and caption, posted with the form. */
function PlainFields({ id, serverField }: { id: string; serverField?: string }) {
  return (
    <>
      <div className={`c-field${serverField === 'alt' ? ' c-field--error' : ''}`}>
        <label htmlFor={`${id}-alt`}>Alt text (required)</label>
        <p className="c-field__hint" id={`${id}-alt-hint`}>
          What the image shows, for people who cannot see it.
        </p>
        <input id={`${id}-alt`} name="alt" type="text" required maxLength={ALT_MAX} aria-describedby={`${id}-alt-hint`} aria-invalid={serverField === 'alt' ? true : undefined} />
      </div>
      <div className="c-field">
        <label htmlFor={`${id}-caption`}>Caption (optional)</label>
        <input id={`${id}-caption`} name="caption" type="text" maxLength={CAPTION_MAX} />
      </div>
    </>
  );
}
