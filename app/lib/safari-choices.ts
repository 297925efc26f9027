// The safaris an enquiry may name (the plan-a-safari form's choice, and the /enquiry page that
// shows a refused form again): slug and title of each, from the API's safari list in the page's
// language (its translated titles), titled and ordered as that language writes them.
import type { RouterContextProvider } from 'react-router';
import type { SafarisResponse } from '../../common/api-types.ts';
import type { Language } from '../../common/languages.ts';
import { safariHeading } from '../../common/safari-title.ts';
import type { SafariChoice } from '../components/TripFields.tsx';
import { api } from './load.ts';

export async function safariChoices(context: Readonly<RouterContextProvider>, language: Language): Promise<SafariChoice[]> {
  const { allsafaris } = await api<SafarisResponse>(context, '/safaris');
  return allsafaris.map((s) => ({ slug: s.safarititleslug, title: safariHeading(s.safariday, s.safarititle, language) })).sort((a, b) => a.title.localeCompare(b.title, language));
}
