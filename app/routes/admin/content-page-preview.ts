// POST /admin/content/:type/:id/preview: the whole public page of an item as the site would show
// it with the edit form's current, unsaved document published. The form posts here ("Preview
// page", a new tab, with or without JavaScript). The document is read from the form as a save
// reads it; the console API checks it as a save does, and every API read of the public page's
// render is answered by the console API from a transaction that projects this version into the
// content tables and is always rolled back (server/content/preview.ts previewItem). The public route
// is rendered by the site's own handler (server/web.ts, pageRendererContext) and shown with a
// banner and without its scripts (it is not at its own address, so it is not hydrated). Nothing is
// kept: the page cache and the API cache never see it, the content version never moves, the answer
// is no-store and noindex. Signed out: to sign-in (303) before anything is read; a role without
// the content right: 403; a document that does not validate: its problems, named by field.
import { redirect } from 'react-router';
import type { ContentDocument, ContentForm, ContentItem } from '../../../common/content-editing.ts';
import { apiContext, pageRendererContext } from '../../context.ts';
import { adminFetch, adminWrite, CSRF_FIELD } from '../../lib/admin.ts';
import { contentSend } from '../../lib/content-api.ts';
import { decodeDocument, describePath } from '../../lib/content-form.ts';
import appCss from '../../styles/app.css?url';
import adminCss from '../../styles/admin.css?url';
import type { Route } from './+types/content-page-preview';

const TYPE = /^[a-z][a-z0-9-]{0,40}$/;
const ID = /^[1-9][0-9]{0,9}$/;
export const PREVIEW_BANNER = 'Preview of an unpublished version — not on the site';

const HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** A console page of its own for a preview that could not be drawn (the form stays in its tab). */
function refusal(status: number, title: string, message: string, problems: { label: string; message: string }[] = [], back?: string): Response {
  const list = problems.length ? `<ul>${problems.map((p) => `<li><strong>${escapeHtml(p.label)}</strong>: ${escapeHtml(p.message)}</li>`).join('')}</ul>` : '';
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} | Console</title><link rel="stylesheet" href="${appCss}"><link rel="stylesheet" href="${adminCss}"></head><body class="c-body"><main class="c-main" id="main"><h1 class="c-title">${escapeHtml(title)}</h1><div class="c-alert c-alert--error" role="alert"><p>${escapeHtml(message)}</p>${list}</div>${back ? `<p>Correct this in the editor’s tab, where everything you typed is still in the form, and preview again. <a href="${escapeHtml(back)}">Open the saved version of the form</a>.</p>` : ''}</main></body></html>`;
  return new Response(html, { status, headers: { ...HEADERS, 'content-type': 'text/html; charset=utf-8' } });
}

/** The public page as a preview: no scripts (it is not at its own address), noindex, the banner. */
function asPreview(html: string, editPath: string): string {
  const banner =
    `<div class="preview-banner" role="region" aria-label="Preview"><p class="preview-banner__inner"><strong>${PREVIEW_BANNER}.</strong>` +
    `<span>Drawn from the editor’s form as it is now; nothing is saved. <a href="${escapeHtml(editPath)}">Back to the saved version in the editor</a></span></p></div>`;
  return html
    .replace(/<script\b(?![^>]*type=["']?application\/(?:ld\+)?json)[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*rel=["']?modulepreload[^>]*>/gi, '')
    .replace(/<meta\s+name=["']?robots["']?[^>]*>/gi, '')
    .replace(/<head\b[^>]*>/i, (m) => `${m}<meta name="robots" content="noindex, nofollow">`)
    .replace(/<body\b[^>]*>(\s*<a\b[^>]*class="skip-link"[^>]*>[\s\S]*?<\/a>)?/i, (m) => `${m}${banner}`);
}

export async function loader({ params }: Route.LoaderArgs) {
  // The preview is the answer to the form's post; an address typed in goes to the form.
  if (!TYPE.test(params.type) || !ID.test(params.id)) throw new Response(null, { status: 404, headers: HEADERS });
  throw redirect(`/admin/content/${params.type}/${params.id}`, { status: 303, headers: HEADERS });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (!TYPE.test(params.type) || !ID.test(params.id)) return refusal(404, 'Not found', 'There is no such item.');
  const { type, id } = params;
  const editPath = `/admin/content/${type}/${id}`;
  const fd = await request.formData();
  const csrf = fd.get(CSRF_FIELD);
  const api = context.get(apiContext);
  // The item and its form, with the visitor's session: signed out, to sign-in (back to the form); no right, refused.
  const res = await adminFetch(context, request, `/content/${type}/${id}`, { next: editPath });
  if (res.status === 403) return refusal(403, 'Not allowed', 'Your role does not allow content editing.');
  if (!res.ok) return refusal(404, 'Not found', 'There is no such item.');
  const { item, form } = (await res.json()) as { item: ContentItem; form: ContentForm };
  const document: ContentDocument = decodeDocument(fd, form.fields);
  const slug = form.type.fixed ? item.slug : String(fd.get('slug') ?? '').trim();
  const previewPath = `/content/${type}/${id}/preview`;

  // First the document is checked (and projected once) as the preview will use it.
  const checked = await contentSend<{ path: string }>(context, request, previewPath, { json: { slug, document }, csrf });
  if (!checked.ok) {
    const problems =
      checked.kind === 'problems'
        ? checked.problems.map((p) => ({ label: p.path === 'slug' ? 'Address' : p.path ? describePath(form.fields, p.path.replace(/^document\./, '')) : 'The item', message: p.message }))
        : [];
    const status = checked.status >= 400 && checked.status < 500 ? checked.status : 400;
    return refusal(status, 'The preview could not be drawn', checked.error, problems, editPath);
  }
  const render = context.get(pageRendererContext);
  if (!render) return refusal(503, 'No preview here', 'Page previews are not available on this server.');

  // Every read of the public page is answered from this version (never from or into a cache).
  const read = async (path: string, init?: RequestInit): Promise<Response> => {
    const method = (init?.method ?? 'GET').toUpperCase();
    // Image files are files, not content: as they are.
    if (method === 'HEAD' || path.startsWith('/images/')) return api.fetch(path, init);
    if (method !== 'GET') return Response.json({ error: 'A preview only reads.' }, { status: 405 });
    return adminFetch(context, request, previewPath, adminWrite({ json: { slug, document, read: path }, csrf, allowSignedOut: true }));
  };
  const page = await render(new URL(checked.data.path, request.url).href, read);
  const html = await page.text();
  if (!(page.headers.get('content-type') ?? '').startsWith('text/html')) return refusal(500, 'The preview could not be drawn', 'Something went wrong. Please try again.');
  return new Response(asPreview(html, editPath), { status: page.status === 200 ? 200 : page.status, headers: { ...HEADERS, 'content-type': 'text/html; charset=utf-8' } });
}
