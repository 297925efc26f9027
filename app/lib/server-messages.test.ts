// The server's catalogues (e-mails and PDFs): every key in every language, every message readable
// with the English placeholders, and the formatter's values, plurals, selects, escaping and formats.
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../common/booking-ledger.ts';
import { LANGUAGE_CODES } from '../../common/languages.ts';
import { messagePlaceholders, parseMessage, SERVER_CATALOGUES, serverMessages } from './server-messages.server.ts';

describe('the server’s message catalogues', () => {
  const all = new Set(LANGUAGE_CODES.flatMap((l) => Object.keys(SERVER_CATALOGUES[l])));

  it.each(LANGUAGE_CODES)('%s has every key of every language, and no empty message', (language) => {
    const catalogue = SERVER_CATALOGUES[language];
    expect([...all].filter((key) => !(key in catalogue))).toEqual([]);
    for (const [key, message] of Object.entries(catalogue)) expect(message.trim(), `${language} ${key}`).not.toBe('');
  });

  it.each(LANGUAGE_CODES)('%s: every message parses, with the English placeholders', (language) => {
    const english = SERVER_CATALOGUES.en as Record<string, string>;
    for (const [key, message] of Object.entries(SERVER_CATALOGUES[language])) expect(messagePlaceholders(message), `${language} ${key}`).toEqual(messagePlaceholders(english[key]!));
  });

  it('tells a message it cannot read', () => {
    expect(() => parseMessage('Hello {name')).toThrow(/bad argument|unclosed/);
    expect(() => parseMessage('Hello }')).toThrow(/unbalanced/);
    expect(() => parseMessage('{n, plural, one {x}}')).toThrow(/no other branch/);
    expect(messagePlaceholders('{a} {b, plural, one {# {c}} other {{d}}}')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('puts values, plurals and selects in, per language', () => {
    expect(serverMessages('en').t('trip.adults', { count: 1 })).toBe('1 adult');
    expect(serverMessages('en').t('trip.adults', { count: 3 })).toBe('3 adults');
    expect(serverMessages('fr').t('reminder.trip.subject', { days: 1 })).toBe('Votre voyage commence dans 1 jour');
    expect(serverMessages('de').t('reminder.trip.subject', { days: 7 })).toBe('Ihre Reise beginnt in 7 Tagen');
    expect(serverMessages('es').t('booking.next', { what: 'deposit', amount: 'X', date: 'Y' })).toContain('abone el depósito de X antes del Y');
    expect(serverMessages('fr').t('booking.next', { what: 'balance', amount: 'X', date: 'Y' })).toContain('régler le solde de X');
    expect(() => serverMessages('en').t('mail.hello')).toThrow(/name/);
  });

  it('escapes the text of a message and its text values for HTML, never a value given as HTML', () => {
    const esc = (s: string) => s.replace(/[&<"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const m = serverMessages('fr');
    expect(m.t('quote.ready', { site: 'A & B', reference: { html: '<strong>Q-1</strong>' }, title: '<i>' }, esc)).toBe(
      'Merci de préparer votre safari avec A &#38; B. Votre devis <strong>Q-1</strong> pour &#60;i> est prêt.',
    );
  });

  it('writes dates and money in the language', () => {
    expect(serverMessages('en').day('2027-07-04')).toBe('4 July 2027');
    expect(serverMessages('en').day('2027-07-04', 'weekday')).toBe('Sunday, 4 July 2027');
    expect(serverMessages('de').day('2027-07-04')).toBe('4. Juli 2027');
    expect(serverMessages('fr').day('2027-07-04', 'weekday')).toBe('dimanche 4 juillet 2027');
    expect(serverMessages('es').day('2027-07-04')).toBe('4 de julio de 2027');
    expect(serverMessages('en').money(1234500, 'USD')).toBe('$12,345');
    expect(serverMessages('fr').money(1234550, 'USD')).toBe('12\u202f345,50\u00a0$US');
    expect(serverMessages('de').money(1234500, 'EUR')).toBe('12.345\u00a0€');
  });

  it('names every payment method in each language, in English as the console does', () => {
    for (const method of PAYMENT_METHODS) expect(serverMessages('en').t(`rpdf.method.${method}`)).toBe(PAYMENT_METHOD_LABELS[method]);
    expect(PAYMENT_METHODS.map((method) => serverMessages('es').t(`rpdf.method.${method}`))).toEqual(['Transferencia bancaria', 'Efectivo', 'Tarjeta', 'Pago por móvil (mobile money)']);
    expect(serverMessages('de').t('rpdf.title', { kind: 'refund' })).toBe('Erstattungsbeleg');
    expect(serverMessages('fr').t('rpdf.outstanding', { owed: 'yes' })).toBe('À vous rembourser');
  });
});
