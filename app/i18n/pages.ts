// The pages' and forms' messages (app/i18n/catalogues/pages/): a component outside the shell reads
// them through this module. Every language's pages' part is a chunk of its own, loaded with the
// language (app/i18n/index.ts loadLanguage: by entry.client.tsx before hydrating, by the server at
// start).
import { failureText, type Failure } from './failure.ts';
import { useT } from './index.ts';

export { usePageLanguage, useT, useTParts } from './index.ts';

/** A form's failed check in the page's language. */
export function useFailure(): (failure: Failure) => string {
  const t = useT();
  return (failure) => failureText(t, failure);
}
export type { Translate } from './index.ts';
