// /admin/media/:id: one library image, larger, with its facts and processing state; its alt text
// and caption edited; deleted after a confirmation (refused while content uses it).
import { Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { z } from 'zod';
import { ALT_MAX, CAPTION_MAX, mediaTextSchema, type MediaImage } from '../../../common/media-library.ts';
import { Field, FormError, IntentForm, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { formatBytes } from '../../components/admin/ImageUpload.tsx';
import { MediaStatusBadge, MediaThumb } from '../../components/admin/MediaUi.tsx';
import { Moment } from '../../components/admin/NewsletterUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formFields, formText, formTexts, parseForm } from '../../lib/read-form.ts';
import type { Route } from './+types/media-image';
import './media-image.css';

export function meta() {
  return [{ title: 'Image | Media | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const path = (id: string) => `/media/${encodeURIComponent(id)}`;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return adminGet<MediaImage>(context, request, path(params.id));
}

const textForm = z.object({ alt: formText, caption: formText.optional() }).pipe(mediaTextSchema);

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await formFields(request);
  const texts = formTexts(form);
  const csrf = texts[CSRF_FIELD];
  if (texts.intent === 'delete') {
    if (texts.confirm !== 'yes') return { intent: 'delete' as const, ok: false, message: 'Tick the box to confirm the deletion.' };
    const sent = await adminSend<{ references?: { type: string; label: string }[] }>(context, request, path(params.id), { method: 'DELETE', csrf });
    if (!sent.ok) return { intent: 'delete' as const, ok: false, message: sent.error! };
    throw redirect('/admin/media?deleted=1', { status: 303, headers: { 'cache-control': 'no-store' } });
  }
  const read = parseForm(form, textForm);
  if (!read.ok) return { intent: 'edit' as const, ok: false, message: read.error, field: read.field };
  const sent = await adminSend<MediaImage>(context, request, path(params.id), { method: 'PATCH', json: read.data, csrf });
  if (!sent.ok) return { intent: 'edit' as const, ok: false, message: sent.error!, field: sent.field };
  return { intent: 'edit' as const, ok: true, message: 'The alt text and caption are saved.' };
}

type Result = Awaited<ReturnType<typeof action>>;

export default function MediaImageScreen() {
  const image = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHead title="Image" lead={<Link to="/admin/media">Back to the media library</Link>} />
      <div className="c-mediaimg">
        <ImageFacts image={image} />
        <div>
          <TextSection image={image} edit={result?.intent === 'edit' ? result : undefined} busy={busy} />
          <DeleteSection del={result?.intent === 'delete' ? result : undefined} busy={busy} />
        </div>
      </div>
    </>
  );
}

/** The image, larger, with its facts: state, dimensions, file, upload and its address for content. */
function ImageFacts({ image }: { image: MediaImage }) {
  return (
    <section className="c-panel" aria-labelledby="image-title">
      <h2 id="image-title" className="c-break">
        {image.originalName || image.path}
      </h2>
      <div className="c-mediaimg__frame">
        <MediaThumb image={image} sizes="(min-width: 1100px) 560px, 100vw" />
      </div>
      <dl className="c-facts">
        <div>
          <dt>State</dt>
          <dd>
            <MediaStatusBadge image={image} />
            {image.error ? <p className="c-upload__error">{image.error}</p> : null}
          </dd>
        </div>
        <div>
          <dt>Dimensions</dt>
          <dd>
            {image.width} × {image.height} pixels
          </dd>
        </div>
        <div>
          <dt>File</dt>
          <dd>
            {image.format.toUpperCase()}, {formatBytes(image.bytes)}
          </dd>
        </div>
        <div>
          <dt>Uploaded</dt>
          <dd>
            <Moment iso={image.createdAt} />
            {image.uploadedBy ? (
              <>
                <br />
                <span className="c-break">by {image.uploadedBy}</span>
              </>
            ) : null}
          </dd>
        </div>
        <div className="c-facts__wide">
          <dt>Address for content</dt>
          <dd>
            <code className="c-mono c-break">{image.path}</code>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The alt text and caption, edited. */
function TextSection({ image, edit, busy }: { image: MediaImage; edit: Extract<Result, { intent: 'edit' }> | undefined; busy: boolean }) {
  return (
    <section className="c-panel" aria-labelledby="text-title">
      <h2 id="text-title">Alt text and caption</h2>
      {edit?.ok ? <Notice>{edit.message}</Notice> : null}
      <FormError>{edit && !edit.ok ? edit.message : undefined}</FormError>
      <IntentForm intent="edit" className="c-form">
        <Field
          label="Alt text (required)"
          name="alt"
          defaultValue={image.alt}
          required
          maxLength={ALT_MAX}
          hint="What the image shows, for people who cannot see it."
          invalid={edit && !edit.ok && edit.field === 'alt'}
        />
        <Field label="Caption (optional)" name="caption" defaultValue={image.caption} maxLength={CAPTION_MAX} invalid={edit && !edit.ok && edit.field === 'caption'} />
        <div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save
          </button>
        </div>
      </IntentForm>
    </section>
  );
}

/** The deletion, after a tick in the box (the API refuses it while content uses the image). */
function DeleteSection({ del, busy }: { del: Extract<Result, { intent: 'delete' }> | undefined; busy: boolean }) {
  return (
    <section className="c-panel c-panel--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete this image</h2>
      <p>The image is removed with every size and format made from it. An image that content still uses cannot be deleted.</p>
      <FormError>{del?.message}</FormError>
      <IntentForm intent="delete" className="c-form">
        <div className="c-check">
          <input id="delete-confirm" name="confirm" type="checkbox" value="yes" required />
          <label htmlFor="delete-confirm">I understand: delete this image for good.</label>
        </div>
        <div>
          <button type="submit" className="btn btn--primary c-btn-danger" disabled={busy}>
            Delete the image
          </button>
        </div>
      </IntentForm>
    </section>
  );
}
