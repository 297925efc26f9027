// The pages' and forms' messages (app/i18n/catalogues/pages/): a component outside the shell reads
// them through this module. Every language's pages' part is a chunk of its own, loaded with the
// language (app/i18n/index.ts loadLanguage: by entry.client.tsx before hydrating, by the server at
// start). A form's failed check in the page's language is useFailure, app/i18n/failure.ts: only
// the pages with forms load the rules it reads.
import type { LodgeTier } from '../../common/constants.ts';

export { keyOf, usePageLanguage, useT, useTParts } from './index.ts';

/** A lodge's standard's words by its tier (the cards, a lodge's page, the lodges' filter, search). */
export const TIER_KEYS: Record<LodgeTier, string> = { budget: 'tier.budget', 'mid-range': 'tier.mid-range', luxury: 'tier.luxury' };
export type { Translate } from './index.ts';
