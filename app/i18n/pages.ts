// The pages' and forms' messages (app/i18n/catalogues/pages/): a component outside the shell reads
// its messages through this module, which brings English's pages' part with it, so that part rides
// in the pages' chunks and never in the shell's. Other languages load both parts together
// (app/i18n/index.ts).
import { messages } from './compiled/pages/en.ts';
import { failureText, type Failure } from './failure.ts';
import { addEnglishPages, useT } from './index.ts';

addEnglishPages(messages);

export { usePageLanguage, useT, useTParts } from './index.ts';

/** A form's failed check in the page's language. */
export function useFailure(): (failure: Failure) => string {
  const t = useT();
  return (failure) => failureText(t, failure);
}
export type { Translate } from './index.ts';
