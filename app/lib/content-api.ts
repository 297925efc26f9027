// The content editor's writes to the console API (/api/admin/content, server/api/admin/content.ts),
// for its routes' actions. Like adminSend, through adminFetch (app/lib/admin.ts): the visitor's
// cookie and the form's anti-forgery token, a signed-out session sent to sign-in; but a refusal
// comes back with its whole body, because the editor shows what it carries: both versions of a conflict (409
// ContentConflict) and every problem of a refused document (400 ContentProblems).
import type { RouterContextProvider } from 'react-router';
import type { ContentConflict, ContentItem, ContentProblems } from '../../common/content-editing.ts';
import { adminFetch, adminWrite } from './admin.ts';

type Ctx = Readonly<RouterContextProvider>;

export type ContentAnswer<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; kind: 'conflict'; conflict: ContentConflict; error: string }
  | { ok: false; status: number; kind: 'problems'; problems: ContentProblems['problems']; error: string; code: string }
  | { ok: false; status: number; kind: 'error'; error: string; code?: string };

export async function contentSend<T = { item: ContentItem }>(
  context: Ctx,
  request: Request,
  path: string,
  opts: { method?: string; json?: unknown; csrf: FormDataEntryValue | null },
): Promise<ContentAnswer<T>> {
  const res = await adminFetch(context, request, path, adminWrite(opts));
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return { ok: true, status: res.status, data: body as T };
  const error = typeof body.error === 'string' ? body.error : res.status === 413 ? 'This item is too large to be sent in one piece.' : 'Something went wrong. Please try again.';
  const code = typeof body.code === 'string' ? body.code : undefined;
  if (res.status === 409 && body.code === 'conflict' && body.current && typeof body.current === 'object')
    return { ok: false, status: 409, kind: 'conflict', conflict: body as unknown as ContentConflict, error };
  if (Array.isArray(body.problems)) {
    const problems = (body.problems as unknown[])
      .filter((p): p is { path: unknown; message: unknown } => Boolean(p && typeof p === 'object'))
      .map((p) => ({ path: typeof p.path === 'string' ? p.path : Array.isArray(p.path) ? p.path.join('.') : '', message: String(p.message ?? '') }));
    return { ok: false, status: res.status, kind: 'problems', problems, error, code: code ?? 'invalid' };
  }
  return { ok: false, status: res.status, kind: 'error', error, code };
}
