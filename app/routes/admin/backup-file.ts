// /admin/backups/:name (owners): one backup file, passed on from the console API as it is
// (no-store; the download is in the audit log).
import { adminFile } from '../../lib/admin.ts';
import type { Route } from './+types/backup-file';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return adminFile(context, request, `/backups/${encodeURIComponent(params.name)}`);
}
