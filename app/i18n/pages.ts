// The pages' and forms' messages (app/i18n/catalogues/pages/): a component outside the shell reads
// them through this module. Every language's pages' part is a chunk of its own, loaded with the
// language (app/i18n/index.ts loadLanguage: by entry.client.tsx before hydrating, by the server at
// start). A form's failed check in the page's language is useFailure, app/i18n/failure.ts: only
// the pages with forms load the rules it reads.
export { usePageLanguage, useT, useTParts } from './index.ts';
export type { Translate } from './index.ts';
