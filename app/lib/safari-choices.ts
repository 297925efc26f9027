// The safaris an enquiry may name (the plan-a-safari form's choice, and the /enquiry page that
// shows a refused form again): slug and title of each, from the API's safari list.
import type { RouterContextProvider } from 'react-router';
import type { SafarisResponse } from '../../common/api-types.ts';
import { safariHeading } from '../../common/safari-title.ts';
import type { SafariChoice } from '../components/TripFields.tsx';
import { api } from './load.ts';

export async function safariChoices(context: Readonly<RouterContextProvider>): Promise<SafariChoice[]> {
  const { allsafaris } = await api<SafarisResponse>(context, '/safaris');
  return allsafaris.map((s) => ({ slug: s.safarititleslug, title: safariHeading(s.safariday, s.safarititle) })).sort((a, b) => a.title.localeCompare(b.title, 'en'));
}
