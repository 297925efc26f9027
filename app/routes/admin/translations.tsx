// /admin/translations: per language and content type, the published items with no translation
// (or an incomplete one: they are not on the site in that language) and those whose English
// changed since (still on the site, to review); each leads to its side-by-side editor.
import { Link, useLoaderData } from 'react-router';
import { TRANSLATION_STATE_TEXT, type TranslationTodo } from '../../../common/content-translations.ts';
import { LANGUAGES } from '../../../common/languages.ts';
import { PageHead } from '../../components/admin/ConsoleUi.tsx';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { adminGet } from '../../lib/admin.ts';
import type { Route } from './+types/translations';
import './content-translation.css';

export function meta() {
  return [{ title: 'Translations | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminGet<{ todo: TranslationTodo[] }>(context, request, '/translations');
}

/** How many of a type need doing, in words. */
const counts = (t: TranslationTodo) => `${t.missing.toLocaleString('en')} to translate · ${t.needsReview.toLocaleString('en')} to review`;

export default function Translations() {
  const { todo } = useLoaderData<typeof loader>();
  const languages = [...new Set(todo.map((t) => t.language))];
  return (
    <>
      <PageHead title="Translations" lead="Items left out of a language until they are translated, and translations to check since their English changed (those stay on the site)." />
      <div className="tr-todo">
        {languages.map((language) => (
          <section key={language} aria-labelledby={`tr-${language}`}>
            <h2 id={`tr-${language}`}>{LANGUAGES[language].name}</h2>
            <table className="c-table c-table--stack">
              <caption className="sr-only">What needs translating into {LANGUAGES[language].name}, by type</caption>
              <ColumnHeads columns={['Type', 'To do', 'Items']} />
              <tbody>
                {todo
                  .filter((t) => t.language === language)
                  .map((t) => (
                    <tr key={t.type}>
                      <th scope="row" data-label="Type">
                        <Link to={`/admin/content/${t.type}`}>{t.type}</Link>
                      </th>
                      <td data-label="To do">{counts(t)}</td>
                      <td data-label="Items">
                        {t.items.length ? (
                          <details>
                            <summary>{t.items.length.toLocaleString('en')} items</summary>
                            <ul>
                              {t.items.map((i) => (
                                <li key={i.id}>
                                  <Link to={`/admin/content/${t.type}/${i.id}/translations/${language}`}>{i.title}</Link> <span className="c-muted">({TRANSLATION_STATE_TEXT[i.state]})</span>
                                </li>
                              ))}
                            </ul>
                          </details>
                        ) : (
                          <span className="c-muted">All translated</span>
                        )}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </>
  );
}
