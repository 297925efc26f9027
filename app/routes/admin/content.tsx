// /admin/content: the content types the site is made of, each with how many of its items are
// published, drafts or scheduled; each leads to its list. Owners always; agents while an owner
// allows content editing (the API checks every request; others get the 403 screen).
import { Link, useLoaderData } from 'react-router';
import type { ContentTypeInfo } from '../../../common/content-editing.ts';
import type { TranslationTodo } from '../../../common/content-translations.ts';
import { LANGUAGES } from '../../../common/languages.ts';
import { PageHead } from '../../components/admin/ConsoleUi.tsx';
import { plural } from '../../components/admin/NewsletterUi.tsx';
import { adminGet } from '../../lib/admin.ts';
import type { Route } from './+types/content';
import './content.css';

export function meta() {
  return [{ title: 'Content | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ types }, { todo }] = await Promise.all([adminGet<{ types: ContentTypeInfo[] }>(context, request, '/content'), adminGet<{ todo: TranslationTodo[] }>(context, request, '/translations')]);
  return { types, todo };
}

/** What a type's translations lack, per language: "Deutsch 3 to translate, 1 to review". */
function translationText(todo: TranslationTodo[], type: string): string | null {
  const parts = todo
    .filter((t) => t.type === type && (t.missing || t.needsReview))
    .map(
      (t) =>
        `${LANGUAGES[t.language].name} ${[t.missing ? `${t.missing.toLocaleString('en')} to translate` : '', t.needsReview ? `${t.needsReview.toLocaleString('en')} to review` : ''].filter(Boolean).join(', ')}`,
    );
  if (!parts.length) return todo.some((t) => t.type === type) ? 'Translated' : null;
  return parts.join(' · ');
}

export function countsText(t: ContentTypeInfo): string {
  const parts = [`${t.counts.published.toLocaleString('en')} published`];
  if (t.counts.draft) parts.push(plural(t.counts.draft, 'draft'));
  if (t.counts.scheduled) parts.push(`${t.counts.scheduled.toLocaleString('en')} scheduled`);
  return parts.join(' · ');
}

export default function ContentTypes() {
  const { types, todo } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead
        title="Content"
        lead="Everything the site shows: edit an item, save it as a draft, publish it or schedule it. Every save is kept, so any earlier version can be restored."
        actions={
          <Link className="btn btn--ghost" to="/admin/translations">
            Translations
          </Link>
        }
      />
      <ul className="c-types" aria-label="Content types">
        {types.map((t) => {
          const total = t.counts.published + t.counts.draft + t.counts.scheduled;
          return (
            <li key={t.name}>
              <Link to={`/admin/content/${t.name}`} className="c-types__card" prefetch="intent">
                <span className="c-types__label">{t.label}</span>
                <span className="c-types__total">{plural(total, 'item')}</span>
                <span className="c-types__counts">{countsText(t)}</span>
                {translationText(todo, t.name) ? <span className="c-types__counts">{translationText(todo, t.name)}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
