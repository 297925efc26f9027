// /admin/media: the media library. Upload images (drag and drop or pick; app/components/admin/
// ImageUpload.tsx), see them being processed, and the library as a grid of thumbnails with their
// alt text, size, dimensions and state; search; each image's own screen edits its alt text and
// caption and deletes it. Owners always; agents while an owner allows content editing (the API
// checks every request; an agent without the right gets the 403 screen).
import { useEffect } from 'react';
import { Form, Link, useActionData, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import type { MediaImage, MediaList } from '../../../common/media-library.ts';
import { Notice, PageHead, Pager } from '../../components/admin/ConsoleUi.tsx';
import { FilterActions, FilterSearch } from '../../components/admin/Filters.tsx';
import { formatBytes, ImageUpload } from '../../components/admin/ImageUpload.tsx';
import { plural } from '../../components/admin/NewsletterUi.tsx';
import { MediaStatusBadge, MediaThumb } from '../../components/admin/MediaUi.tsx';
import { adminFetch, adminGet, CSRF_FIELD } from '../../lib/admin.ts';
import { formEntries, formFields, formTexts } from '../../lib/read-form.ts';
import type { Route } from './+types/media';
import './media.css';

export function meta() {
  return [{ title: 'Media | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

function listQuery(q: string, page: number): string {
  const p = new URLSearchParams();
  if (q) p.set('q', q);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const page = Math.max(1, Math.min(1_000_000, Number(url.searchParams.get('page') ?? '1') || 1));
  const list = await adminGet<MediaList>(context, request, `/media${listQuery(q, page)}`);
  return { list, q };
}

/** The upload of the form without JavaScript: the file handed on to the console API as it came. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await formFields(request);
  const texts = formTexts(form);
  if (texts.intent !== 'upload') return { ok: false as const, message: 'Choose what to do.' };
  const file = formEntries(form).file;
  const body = new FormData();
  if (file instanceof File) body.append('file', file, file.name);
  body.append('alt', texts.alt ?? '');
  body.append('caption', texts.caption ?? '');
  // Signed out, the form says so (the API's words) rather than leaving the screen.
  const res = await adminFetch(context, request, '/media', { method: 'POST', body, csrf: texts[CSRF_FIELD], allowSignedOut: true });
  const answer = (await res.json().catch(() => ({}))) as Partial<MediaImage> & { error?: string; code?: string };
  if (res.status !== 202) {
    const field = answer.code?.startsWith('invalid-') ? answer.code.slice(8) : answer.code === 'signed-out' ? undefined : 'file';
    return { ok: false as const, message: answer.error ?? 'The image could not be uploaded. Please try again.', field };
  }
  return { ok: true as const, image: answer as MediaImage };
}

/**
 * While something is being processed, the grid follows it (with JavaScript): the list is asked for
 * again a moment after each fresh one, until nothing is queued or processing.
 */
function useFollowProcessing(list: MediaList, revalidator: ReturnType<typeof useRevalidator>): void {
  const working = list.items.some((i) => i.status === 'queued' || i.status === 'processing');
  // biome-ignore lint/correctness/useExhaustiveDependencies: each fresh list starts the next wait, so the grid keeps following the work
  useEffect(() => {
    if (!working) return;
    const timer = setTimeout(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 1500);
    return () => clearTimeout(timer);
  }, [working, revalidator, list]);
}

export default function Media() {
  const { list, q } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  useFollowProcessing(list, revalidator);

  return (
    <>
      <PageHead title="Media" lead="Images for the site’s content: uploaded once, then served in every size and format the pages need." />
      {params.has('deleted') ? <Notice>The image was deleted, with all its sizes.</Notice> : null}
      {result?.ok ? (
        <Notice>
          {result.image.originalName || 'The image'} was uploaded and is being processed. <Link to="/admin/media">See its progress in the library.</Link>
        </Notice>
      ) : null}

      <section className="c-panel" aria-labelledby="upload-title">
        <h2 id="upload-title">Upload images</h2>
        <ImageUpload
          onUploaded={() => void revalidator.revalidate()}
          onProcessed={() => void revalidator.revalidate()}
          serverError={result && !result.ok ? result.message : undefined}
          serverField={result && !result.ok ? result.field : undefined}
        />
      </section>

      <Library list={list} q={q} />
    </>
  );
}

/** The library: its search, how many images it holds (or match), a page of them as cards, and the pager. */
function Library({ list, q }: { list: MediaList; q: string }) {
  return (
    <section aria-labelledby="library-title">
      <h2 id="library-title" className="c-subhead">
        Library
      </h2>
      <Form method="get" className="c-filters" role="search" aria-label="Media library">
        <FilterSearch id="media-q" label="Search alt text, caption or file name" value={q} maxLength={200} autoComplete="off" />
        <FilterActions submit="Search" clearTo="/admin/media" filtered={Boolean(q)} />
      </Form>
      <p className="c-count" role="status">
        {list.total === 0
          ? q
            ? 'No image matches.'
            : 'No image has been uploaded yet.'
          : `${plural(list.total, 'image')}${q ? ' match' : ''}${list.pageCount > 1 ? ` · page ${list.page} of ${list.pageCount}` : ''}`}
      </p>
      {list.items.length ? (
        <ul className="c-media" aria-label="Images">
          {list.items.map((image) => (
            <MediaCard key={image.id} image={image} />
          ))}
        </ul>
      ) : null}
      <Pager page={list.page} pages={list.pageCount} href={(p) => `/admin/media${listQuery(q, p)}`} />
    </section>
  );
}

/** One image of the library: its thumbnail, alt text, dimensions, size, format and state, and the way to its own screen. */
function MediaCard({ image }: { image: MediaImage }) {
  return (
    <li className="c-media__card">
      <div className="c-media__frame">
        <MediaThumb image={image} />
      </div>
      <div className="c-media__body">
        <p className="c-media__alt c-break">{image.alt}</p>
        <p className="c-media__facts">
          <span>
            {image.width} × {image.height}
          </span>
          <span>{formatBytes(image.bytes)}</span>
          <span>{image.format.toUpperCase()}</span>
        </p>
        <MediaStatusBadge image={image} />
        <Link to={`/admin/media/${image.id}`} className="btn btn--ghost btn--sm c-media__edit" aria-label={`Edit or delete: ${image.alt}`}>
          Edit
        </Link>
      </div>
    </li>
  );
}
