// /admin/bookings/:id/receipts/:entry: a ledger entry's receipt (PDF), passed on from the console API, never kept:
// in the booking's language, or in English with ?language=en.
import { adminFile } from '../../lib/admin.ts';
import type { Route } from './+types/booking-receipt';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const language = new URL(request.url).searchParams.get('language');
  const query = language === null ? '' : `?language=${encodeURIComponent(language)}`;
  return adminFile(context, request, `/bookings/${encodeURIComponent(params.id)}/receipts/${encodeURIComponent(params.entry)}${query}`);
}
