// POST /admin/logout: ends this browser's session (with its anti-forgery token) and clears the
// cookie; "everywhere" ends every session of the account.
import { redirect } from 'react-router';
import { adminSend, CSRF_FIELD, withCookies } from '../../lib/admin.ts';
import type { Route } from './+types/logout';

export async function loader() {
  throw redirect('/admin', { status: 303 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const everywhere = form.get('everywhere') === '1';
  const sent = await adminSend(context, request, everywhere ? '/logout-everywhere' : '/logout', { csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) throw redirect('/admin/account?error=csrf', { status: 303 });
  throw redirect('/admin/login?signed-out', { status: 303, headers: withCookies(sent.cookies) });
}
