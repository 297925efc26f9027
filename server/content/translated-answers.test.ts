// Answers in another language: a link to another site says it opens in a new tab in that language,
// internal links go to that language's addresses, and an answer names the items it refers to by
// their translated titles (a park card's country, a lodge card's park).
import { describe, expect, it } from 'vitest';
import { markdownToHtml } from '../db/html.ts';
import { type Catalogue, translateAnswer } from './translated-answers.ts';
import type { TranslationLanguage } from './translatable.ts';

const VISA = 'https://visas.example/';
const ENGLISH = `Apply on the [official e-visa site](${VISA}) or read our [travel advice](/travel-advice).`;
const TRANSLATED: Record<TranslationLanguage, { answer: string; note: string; advice: string }> = {
  de: {
    answer: `Beantragen Sie es auf der [offiziellen E-Visa-Seite](${VISA}) oder lesen Sie unsere [Reisehinweise](/travel-advice).`,
    note: 'öffnet in einem neuen Tab',
    advice: '/de/reisehinweise',
  },
  fr: { answer: `Faites la demande sur le [site officiel](${VISA}) ou lisez nos [conseils](/travel-advice).`, note: 's’ouvre dans un nouvel onglet', advice: '/fr/conseils-aux-voyageurs' },
  es: { answer: `Solicítela en el [sitio oficial](${VISA}) o lea nuestros [consejos](/travel-advice).`, note: 'se abre en una pestaña nueva', advice: '/es/consejos-de-viaje' },
};

/** A language's catalogue holding one translated FAQ. */
function catalogueOf(language: TranslationLanguage): Catalogue {
  const entry = {
    collection: 'faqs' as const,
    englishSlug: 'visa',
    slug: 'visa',
    english: { question: 'Do I need a visa?', answer: ENGLISH, order: 1, home: true },
    translation: { question: `${language} question`, answer: TRANSLATED[language].answer },
  };
  return { language, items: new Map([['faqs', new Map([['visa', entry]])]]) };
}

describe('translated answers', () => {
  it.each(Object.keys(TRANSLATED) as TranslationLanguage[])('says in %s that a link to another site opens in a new tab, and links to our pages in that language', (language) => {
    // The English answer holds the HTML the projection stored (server/content/types/faqs.ts).
    const body = { faqs: [{ id: 1, faqslug: 'visa', question: 'Do I need a visa?', answer: markdownToHtml(ENGLISH) }] };
    const out = translateAnswer(body, '/faqs', catalogueOf(language)) as typeof body;
    const { answer } = out.faqs[0]!;
    expect(answer).toContain(`<a href="${VISA}" target="_blank" rel="noopener noreferrer">`);
    expect(answer).toContain(`<span class="sr-only"> (${TRANSLATED[language].note})</span></a>`);
    expect(answer).not.toContain('opens in a new tab');
    expect(answer).toContain(`href="${TRANSLATED[language].advice}"`);
    expect(out.faqs[0]!.question).toBe(`${language} question`);
    // The English answer is as it was.
    expect(body.faqs[0]!.answer).toContain('<span class="sr-only"> (opens in a new tab)</span>');
  });
});

const entry = (collection: string, slug: string, english: Record<string, unknown>, translation: Record<string, unknown>) =>
  [slug, { collection, englishSlug: slug, slug, english, translation }] as const;

function german(): Catalogue {
  return {
    language: 'de',
    items: new Map<string, Map<string, never>>([
      ['destinations', new Map([entry('destinations', 'rwanda', { title: 'Rwanda' }, { title: 'Ruanda' }), entry('destinations', 'kenya', { title: 'Kenya' }, { title: '' })]) as never],
      ['parks', new Map([entry('parks', 'volcanoes-national-park', { title: 'Volcanoes National Park' }, { title: 'Volcanoes-Nationalpark' })]) as never],
      ['lodges', new Map([entry('lodges', 'bisate', { title: 'Bisate Lodge' }, { title: 'Bisate Lodge' })]) as never],
    ]),
  };
}

describe('translateAnswer: the titles of referred items', () => {
  it('gives a park card its country’s translated title, and a lodge card its park’s', () => {
    const body = {
      parks: [{ parktitle: 'Volcanoes National Park', parktitleslug: 'volcanoes-national-park', destinationtitle: 'Rwanda' }],
      lodges: [{ lodgetitle: 'Bisate Lodge', lodgetitleslug: 'bisate', parktitle: 'Volcanoes National Park', destinationtitle: 'Rwanda' }],
    };
    expect(translateAnswer(body, '/parks', german())).toEqual({
      parks: [{ parktitle: 'Volcanoes-Nationalpark', parktitleslug: 'volcanoes-national-park', destinationtitle: 'Ruanda' }],
      lodges: [{ lodgetitle: 'Bisate Lodge', lodgetitleslug: 'bisate', parktitle: 'Volcanoes-Nationalpark', destinationtitle: 'Ruanda' }],
    });
  });

  it('keeps a title with no translation, and the same words in a field that names no other item', () => {
    const body = { parks: [{ parktitle: 'Volcanoes National Park', parktitleslug: 'volcanoes-national-park', destinationtitle: 'Kenya', note: 'Rwanda' }] };
    expect(translateAnswer(body, '/parks', german())).toEqual({
      parks: [{ parktitle: 'Volcanoes-Nationalpark', parktitleslug: 'volcanoes-national-park', destinationtitle: 'Kenya', note: 'Rwanda' }],
    });
  });
});
