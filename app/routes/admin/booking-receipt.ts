// /admin/bookings/:id/receipts/:entry: a ledger entry's receipt (PDF), passed on from the console API, never kept.
import { adminFile } from '../../lib/admin.ts';
import type { Route } from './+types/booking-receipt';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return adminFile(context, request, `/bookings/${encodeURIComponent(params.id)}/receipts/${encodeURIComponent(params.entry)}`);
}
