// The review form's sentences: the English catalogue says the checks' words exactly (the spec's
// English stays exact), and another language's catalogue answers each of them.
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, REVIEW_THANKS } from '../../common/reviews.ts';
import { pagesMessages } from './load.ts';
import { catalogue } from './messages.ts';
import { REVIEW_MESSAGE_KEYS, reviewMessageText } from './review-messages.ts';

const [en, fr] = await Promise.all([pagesMessages('en', 'all'), pagesMessages('fr', 'all')]);

const english = catalogue('en', en);
const french = catalogue('fr', fr);
const say = (c: typeof english) => (english: string) => reviewMessageText((key) => c._(key), english);

describe('the review form’s sentences in a catalogue', () => {
  it('are the checks’ own words in English', () => {
    for (const [name, text] of Object.entries(REVIEW_MESSAGES)) expect(say(english)(text), name).toBe(text);
    expect(say(english)(REVIEW_THANKS)).toBe(REVIEW_THANKS);
  });

  it('are French in the French catalogue, one sentence each, and other words pass as they came', () => {
    expect(say(french)(REVIEW_MESSAGES.rating)).toBe('Veuillez choisir une note de 1 à 5 étoiles.');
    expect(say(french)(REVIEW_THANKS)).toMatch(/^Merci pour votre avis/);
    const frenchWords = Object.values(REVIEW_MESSAGES).map(say(french));
    expect(new Set(frenchWords).size).toBe(Object.keys(REVIEW_MESSAGE_KEYS).length);
    for (const [i, text] of Object.values(REVIEW_MESSAGES).entries()) expect(frenchWords[i]).not.toBe(text);
    expect(say(french)('Something the checks never say.')).toBe('Something the checks never say.');
  });
});
