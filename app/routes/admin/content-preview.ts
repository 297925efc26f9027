// POST /admin/content/preview: a Markdown field rendered as the site renders it (the console API's
// /content/preview sanitises it exactly like the pages), for the editor's live preview. A form
// post (markdown, _csrf) from the editor's script, answered in JSON; never kept.
import { CSRF_FIELD } from '../../lib/admin.ts';
import { contentSend } from '../../lib/content-api.ts';
import { MARKDOWN_MAX } from '../../../common/content-editing.ts';
import type { Route } from './+types/content-preview';

const noStore = { 'cache-control': 'no-store' };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const markdown = String(form.get('markdown') ?? '').slice(0, MARKDOWN_MAX);
  const sent = await contentSend<{ html: string }>(context, request, '/content/preview', { json: { markdown }, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return Response.json({ error: sent.error }, { status: sent.status, headers: noStore });
  return Response.json({ html: sent.data.html }, { headers: noStore });
}
