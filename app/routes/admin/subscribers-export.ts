// /admin/subscribers/export.csv (owners): the list with the page's filter, as a CSV file.
import { adminFile } from '../../lib/admin.ts';
import type { Route } from './+types/subscribers-export';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const p = new URLSearchParams();
  for (const k of ['q', 'status']) {
    const v = url.searchParams.get(k);
    if (v) p.set(k, v);
  }
  const qs = p.toString();
  return adminFile(context, request, `/subscribers/export.csv${qs ? `?${qs}` : ''}`);
}
