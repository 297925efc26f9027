// /admin/campaigns/new and /admin/campaigns/:id (owners): a draft's subject and its body in
// Markdown. Saving leads to the preview, where the test and the send are. Pictures come from the
// media library: the picker under the body inserts a picture's Markdown (with its alt text) where
// the cursor is; without JavaScript, each picture's Markdown is shown to copy.
import { useId, useRef, useState } from 'react';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { z } from 'zod';
import type { MediaImage, MediaList } from '../../../common/media-library.ts';
import { BODY_MAX, campaignSchema, pictureMarkdown, SUBJECT_MAX, type CampaignDetail } from '../../../common/newsletter-admin.ts';
import { MediaThumb } from '../../components/admin/MediaUi.tsx';
import { CsrfInput, Field, FormError, IntentForm, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formFields, formText, formTexts, parseForm } from '../../lib/read-form.ts';
import { requireOwner } from '../../lib/owner.ts';
import type { Route } from './+types/campaign-edit';
import './campaign-edit.css';

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.campaign ? 'Edit campaign' : 'New campaign'} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** The newest processed pictures of the media library, for the picker. */
async function libraryPictures(context: Route.LoaderArgs['context'], request: Request): Promise<MediaImage[]> {
  const list = await adminGet<MediaList>(context, request, '/media?limit=60');
  return list.items.filter((m) => m.status === 'done');
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.id) {
    await requireOwner(context, request);
    return { campaign: null, pictures: await libraryPictures(context, request) };
  }
  const campaign = await adminGet<CampaignDetail>(context, request, `/campaigns/${encodeURIComponent(params.id)}`);
  // A sent campaign is not edited: its preview shows what went out.
  if (campaign.status !== 'draft') throw redirect(`/admin/campaigns/${campaign.id}/preview`, { status: 303, headers: { 'cache-control': 'no-store' } });
  return { campaign, pictures: await libraryPictures(context, request) };
}

/** The media library's pictures, each inserted into the body as Markdown with its own alt text. */
function LibraryPicker({ pictures, target }: { pictures: MediaImage[]; target: React.RefObject<HTMLTextAreaElement | null> }) {
  const [q, setQ] = useState('');
  const [said, setSaid] = useState('');
  const searchId = useId();
  const needle = q.trim().toLowerCase();
  const shown = needle ? pictures.filter((m) => `${m.alt} ${m.caption} ${m.originalName}`.toLowerCase().includes(needle)) : pictures;
  function insert(m: MediaImage) {
    const box = target.current;
    if (!box) return;
    const md = pictureMarkdown(m.path, m.alt);
    const start = box.selectionStart ?? box.value.length;
    const end = box.selectionEnd ?? start;
    // On a line of its own, with an empty line around it: its own paragraph.
    const before = box.value.slice(0, start);
    const after = box.value.slice(end);
    const lead = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const tail = after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
    box.focus();
    box.setRangeText(`${lead}${md}${tail}`, start, end, 'end');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    setSaid(`Inserted the picture “${m.alt}” into the newsletter.`);
  }
  return (
    <details className="c-fold c-picker c-libpick">
      <summary>
        <span className="c-fold__label">Insert a picture from the library</span>
      </summary>
      <div className="c-picker__set">
        <p className="c-field__hint">Pictures come from the media library only, with their alt text. The picture goes where the cursor is in the newsletter.</p>
        <div className="c-field">
          <label htmlFor={searchId}>Find a picture (alt text, caption or file name)</label>
          <input
            id={searchId}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            // Enter filters (it is already done as one types): it does not save the campaign.
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
            maxLength={200}
            autoComplete="off"
          />
        </div>
        <p className="sr-only" role="status">
          {said}
        </p>
        {shown.length ? (
          <ul className="c-picker__grid c-libpick__grid">
            {shown.map((m) => (
              <li key={m.id} className="c-libpick__item">
                <span className="c-picker__thumb" aria-hidden="true">
                  <MediaThumb image={{ ...m, alt: '' }} sizes="10rem" />
                </span>
                <span className="c-picker__alt">{m.alt}</span>
                <code className="c-libpick__md">{pictureMarkdown(m.path, m.alt)}</code>
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => insert(m)}>
                  Insert<span className="sr-only"> the picture “{m.alt}”</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="c-muted">{pictures.length ? 'No picture matches.' : 'The media library has no processed picture yet.'}</p>
        )}
        <p className="c-picker__more">
          <a href="/admin/media" target="_blank" rel="noopener" className="c-textlink">
            Upload a new picture in the media library (opens in a new tab)
          </a>
          ; it is listed here once it is processed and this page is reloaded.
        </p>
      </div>
    </details>
  );
}

const campaignForm = z.object({ subject: formText, body: formText }).pipe(campaignSchema);

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await formFields(request);
  const texts = formTexts(form);
  const csrf = texts[CSRF_FIELD];
  if (params.id && texts.intent === 'delete') {
    const sent = await adminSend(context, request, `/campaigns/${encodeURIComponent(params.id)}`, { method: 'DELETE', csrf });
    if (!sent.ok) return { ok: false as const, message: sent.error!, field: undefined, values: null };
    throw redirect('/admin/campaigns?deleted=1', { status: 303, headers: { 'cache-control': 'no-store' } });
  }
  const values = { subject: texts.subject ?? '', body: texts.body ?? '' };
  const read = parseForm(form, campaignForm);
  if (!read.ok) return { ok: false as const, message: read.error, field: read.field, values };
  const sent = params.id
    ? await adminSend(context, request, `/campaigns/${encodeURIComponent(params.id)}`, { method: 'PUT', json: read.data, csrf })
    : await adminSend<{ id: number }>(context, request, '/campaigns', { json: read.data, csrf });
  if (!sent.ok) return { ok: false as const, message: sent.error!, field: sent.field, values };
  const id = params.id ?? String((sent.data as { id: number }).id);
  throw redirect(`/admin/campaigns/${id}/preview?saved=1`, { status: 303, headers: { 'cache-control': 'no-store' } });
}

export default function EditCampaign() {
  const { campaign, pictures } = useLoaderData<typeof loader>();
  const body = useRef<HTMLTextAreaElement>(null);
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const values = result?.values ?? { subject: campaign?.subject ?? '', body: campaign?.body ?? '' };
  const err = (f: string) => (result && !result.ok && result.field === f ? result.message : undefined);
  const bodyError = err('body');
  return (
    <>
      <PageHead title={campaign ? 'Edit campaign' : 'New campaign'} lead={<Link to="/admin/campaigns">Back to the campaigns</Link>} />
      <section className="c-panel">
        <FormError>{result && !result.ok && !['subject', 'body'].includes(result.field ?? '') ? result.message : undefined}</FormError>
        <Form method="post" className="c-form c-form--wide" noValidate>
          <CsrfInput />
          <Field label="Subject" name="subject" defaultValue={values.subject} required maxLength={SUBJECT_MAX} error={err('subject')} autoComplete="off" />
          <Field
            id="campaign-body"
            label="Newsletter (Markdown)"
            name="body"
            error={bodyError}
            hint={
              <>
                Paragraphs are separated by an empty line; a single line break is kept. <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>, <code>[link text](https://…)</code>,{' '}
                <code>- list item</code>. Pictures: from the media library, below. The unsubscribe link and the company's details are added under it.
              </>
            }
            control={({ id, ...links }) => <textarea id={id} ref={body} name="body" rows={18} defaultValue={values.body} required maxLength={BODY_MAX} {...links} className="c-mono" />}
          />
          <LibraryPicker pictures={pictures} target={body} />
          <div className="c-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Save and preview
            </button>
            <Link to="/admin/campaigns" className="c-textlink">
              Cancel
            </Link>
          </div>
        </Form>
      </section>
      {campaign ? (
        <section className="c-panel" aria-labelledby="delete-title">
          <h2 id="delete-title">Delete this draft</h2>
          <IntentForm intent="delete">
            <button type="submit" className="btn btn--ghost c-danger" disabled={busy}>
              Delete draft
            </button>
          </IntentForm>
        </section>
      ) : null}
    </>
  );
}
