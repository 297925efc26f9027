// The review form's sentences (common/reviews.ts: the checks' words and the thanks) in words of a
// catalogue: the form's (useT) and the API's (app/i18n/form-messages.server.ts). The checks give the
// English; the catalogues' `review.error.<name>` and `review.thanks` say the same in each language
// (the English catalogue's words are these: app/i18n/review-messages.test.ts).
import { REVIEW_MESSAGES, REVIEW_THANKS } from '../../common/reviews.ts';

type Translate = (key: string) => string;

/** Each sentence's key (literal keys: the catalogue is split by the keys a route names). */
export const REVIEW_MESSAGE_KEYS: Record<keyof typeof REVIEW_MESSAGES, string> = {
  name: 'review.error.name',
  nameLong: 'review.error.nameLong',
  country: 'review.error.country',
  countryLong: 'review.error.countryLong',
  rating: 'review.error.rating',
  text: 'review.error.text',
  textLong: 'review.error.textLong',
  links: 'review.error.links',
  photoType: 'review.error.photoType',
  photoSize: 'review.error.photoSize',
  photoUnreadable: 'review.error.photoUnreadable',
  photoTooManyPixels: 'review.error.photoTooManyPixels',
  photoTooSmall: 'review.error.photoTooSmall',
};

const NAMES = Object.keys(REVIEW_MESSAGES) as (keyof typeof REVIEW_MESSAGES)[];

/** A review sentence in the catalogue's words; words of no rule as they came. */
export function reviewMessageText(translate: Translate, english: string): string {
  if (english === REVIEW_THANKS) return translate('review.thanks');
  const name = NAMES.find((n) => REVIEW_MESSAGES[n] === english);
  return name ? translate(REVIEW_MESSAGE_KEYS[name]) : english;
}
