import { describe, expect, it } from 'vitest';
import { site } from './site.ts';
import { isOperatorWhatsApp, whatsappHref, whatsappMessage } from './whatsapp.ts';

const textOf = (href: string) => new URL(href).searchParams.get('text');

describe('WhatsApp links that carry the page', () => {
  it('names a safari by its title and address', () => {
    const page = { title: '9 Day Gorilla and Wildlife Safari', url: 'https://www.kigezitrails.example/safaris/9-day-gorilla-and-wildlife-safari', safari: true };
    expect(whatsappMessage(page)).toBe(
      'Hello Kigezi Trails! I would like to ask about the safari “9 Day Gorilla and Wildlife Safari”: https://www.kigezitrails.example/safaris/9-day-gorilla-and-wildlife-safari',
    );
    const href = whatsappHref(page);
    expect(href.startsWith(`${site.whatsappHref}?text=`)).toBe(true);
    expect(new URL(href).origin).toBe('https://wa.me');
    expect(textOf(href)).toBe(whatsappMessage(page));
  });

  it('names any other page by its title and address, and asks to plan a safari without one', () => {
    expect(whatsappMessage({ title: 'Bwindi Impenetrable Forest', url: 'https://x.example/parks/bwindi' })).toBe(
      'Hello Kigezi Trails! I have a question about “Bwindi Impenetrable Forest”: https://x.example/parks/bwindi',
    );
    expect(whatsappMessage({ url: 'https://x.example/contact-us' })).toBe('Hello Kigezi Trails! I have a question about this page: https://x.example/contact-us');
    expect(whatsappMessage()).toBe('Hello Kigezi Trails! I would like to plan a safari.');
    expect(textOf(whatsappHref())).toBe('Hello Kigezi Trails! I would like to plan a safari.');
  });

  it('encodes the message so any title survives the link', () => {
    const href = whatsappHref({ title: 'Rwanda & Uganda: 50% “gorillas” #1?', url: 'https://x.example/safaris/a', safari: true });
    expect(href.slice(href.indexOf('?text=') + '?text='.length)).not.toMatch(/[ #&?:"“”]/);
    expect(textOf(href)).toBe('Hello Kigezi Trails! I would like to ask about the safari “Rwanda & Uganda: 50% “gorillas” #1?”: https://x.example/safaris/a');
  });

  it('recognises the operator’s WhatsApp links and nothing else', () => {
    expect(isOperatorWhatsApp(site.whatsappHref)).toBe(true);
    expect(isOperatorWhatsApp(whatsappHref({ url: 'https://x.example/' }))).toBe(true);
    expect(isOperatorWhatsApp('https://api.whatsapp.com/send?text=hi')).toBe(false);
    expect(isOperatorWhatsApp(`${site.whatsappHref}0`)).toBe(false);
    expect(isOperatorWhatsApp(null)).toBe(false);
  });
});
