// /admin/enquiries/export.csv: the inbox's filtered list as a CSV file (made by the API, passed on
// as an attachment and never kept).
import { filterParams } from '../../../common/enquiry-inbox.ts';
import { adminFile } from '../../lib/admin.ts';
import type { Route } from './+types/enquiries-export';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URLSearchParams(filterParams(new URL(request.url).searchParams));
  return adminFile(context, request, `/enquiries/export.csv${query.size ? `?${query}` : ''}`);
}
