// /admin/reviews/:id/photo: a review's photo as the moderators see it, whatever the review's status
// (the public image path serves approved reviews' photos only). Passed on from the console API,
// never kept.
import { adminFile } from '../../lib/admin.ts';
import type { Route } from './+types/review-photo';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return adminFile(context, request, `/reviews/${encodeURIComponent(params.id)}/photo`);
}
