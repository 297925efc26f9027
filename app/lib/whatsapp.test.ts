// The WhatsApp message's words in the pages' catalogues: English the same as common/whatsapp.ts
// writes them, French its own, each form with the page's title and address.
import { describe, expect, it } from 'vitest';
import { englishWhatsAppWords, whatsappMessage, type WhatsAppMessageKind } from '../../common/whatsapp.ts';
import { pagesMessages } from '../i18n/load.ts';
import { catalogue } from '../i18n/messages.ts';

const [en, fr] = await Promise.all([pagesMessages('en', 'all'), pagesMessages('fr', 'all')]);

const KINDS: WhatsAppMessageKind[] = ['safariAt', 'safari', 'titled', 'page', 'plan'];
const values = { name: 'Kigezi Trails', title: '9 Day Gorilla Safari', url: 'https://x.example/safaris/a' };

describe('the WhatsApp message in the catalogues', () => {
  it('says in English what common/whatsapp.ts says', () => {
    const english = catalogue('en', en);
    for (const kind of KINDS) expect(english._(`whatsapp.${kind}`, values), kind).toBe(englishWhatsAppWords(kind, values));
  });

  it('writes a French message with the page’s title and address', () => {
    const french = catalogue('fr', fr);
    const words = (kind: WhatsAppMessageKind, v: typeof values) => french._(`whatsapp.${kind}`, v);
    expect(whatsappMessage({ title: values.title, url: values.url, safari: true }, words)).toBe(
      'Bonjour Kigezi Trails ! J’aimerais me renseigner sur le safari « 9 Day Gorilla Safari » : https://x.example/safaris/a',
    );
    expect(whatsappMessage({}, words)).toBe('Bonjour Kigezi Trails ! J’aimerais organiser un safari.');
  });
});
