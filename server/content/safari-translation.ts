// A safari as a traveller reads it in their language, for what the server writes itself in that
// language (a booking's title, the days and price lines of seats on a group departure): its
// translation when it is complete (server/content/translatable.ts `isComplete`), else nothing, and
// the caller keeps the English.
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../common/languages.ts';
import type { Db, Tx } from '../db/index.ts';
import { contentItems, contentTranslations, safaris } from '../db/schema.ts';
import { isComplete, isTranslationLanguage } from './translatable.ts';

/** A safari's complete translation: its title and each itinerary day's title and Markdown text. */
export interface SafariTranslation {
  /** The English title and number of days, as the safaris table holds them. */
  englishTitle: string;
  days: number;
  title: string;
  itinerary: { title: string; description: string }[];
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The safari's translation into `language` when it is complete; null for English or none. */
export async function safariTranslation(tx: Tx | Db, slug: string, language: Language): Promise<SafariTranslation | null> {
  if (!isTranslationLanguage(language)) return null;
  const [row] = await tx
    .select({ title: safaris.safarititle, days: safaris.safariday, english: contentItems.document, translation: contentTranslations.document })
    .from(safaris)
    .innerJoin(contentItems, and(eq(contentItems.collection, 'safaris'), eq(contentItems.slug, safaris.safarititleslug)))
    .innerJoin(contentTranslations, and(eq(contentTranslations.item_id, contentItems.id), eq(contentTranslations.language, language)))
    .where(eq(safaris.safarititleslug, slug));
  if (!row || typeof row.translation.title !== 'string' || !isComplete('safaris', row.english, row.translation)) return null;
  const days = Array.isArray(row.translation.itinerary) ? (row.translation.itinerary as Record<string, unknown>[]) : [];
  return {
    englishTitle: row.title,
    days: row.days,
    title: row.translation.title,
    itinerary: days.map((d) => ({ title: text(d?.title), description: text(d?.description) })),
  };
}
