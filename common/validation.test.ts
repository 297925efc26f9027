import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contactMethodOf,
  hasRequiredEnquiryFields,
  asciiDomain,
  isEmail,
  isPhone,
  normalisePhone,
  isSuspicious,
  LIMITS,
  MESSAGES,
  tooLongMessage,
  validateEnquiry,
  validateSubscriber,
  type EnquiryInput,
} from './validation.ts';

const good: EnquiryInput = {
  name: 'Amina Otieno',
  email: 'amina@example.com',
  phone: '+256772418260',
  country: 'Kenya',
  message: 'We would like a 5 day gorilla and chimpanzee trip in July for two adults.',
  preferredContactMethod: 'Whatsapp',
  currentUrl: 'https://www.kigezitrails.example/safaris/3-days-bwindi-gorilla-safari',
};

describe('rule 1: suspicious patterns', () => {
  const flagged = [
    ["O'Brien", 'single quote'],
    ['a -- b', 'double dash'],
    ['one; two', 'semicolon'],
    ['/* note', 'comment opener'],
    ['note */', 'comment closer'],
    ['xp_cmdshell', 'xp_ prefix'],
    ['call XP_regread now', 'xp_ upper case'],
    ['exec', 'exec'],
    ['please EXEC this', 'exec upper case'],
    ['union', 'union'],
    ['Select * from x', 'select'],
    ['insert', 'insert'],
    ['Please update me', 'update'],
    ['delete', 'delete'],
    ['drop table', 'drop'],
    ['ALTER', 'alter'],
    ['create', 'create'],
    ['(select)', 'word between brackets'],
    ['1=1 union all', 'union after other text'],
  ] as const;
  it.each(flagged)('%j is suspicious (%s)', (text) => {
    expect(isSuspicious(text)).toBe(true);
  });

  const clean = [
    'selected',
    'created',
    'executive',
    'reunion',
    'updated dates',
    'dropping by',
    'alternative route',
    'deleted',
    'inserted',
    'unions',
    'a - b',
    'mail@example.com',
    'Kabale, Uganda: 3 nights?',
    'Looking for "luxury" lodges',
    'We saw 20 gorillas / 5 chimps',
    'expert',
  ];
  it.each(clean)('%j passes', (text) => {
    expect(isSuspicious(text)).toBe(false);
  });

  it.each(['name', 'email', 'message'] as const)('is checked in %s', (field) => {
    const r = validateEnquiry({ ...good, [field]: field === 'email' ? "a'b@example.com" : 'drop everything' });
    expect(r).toEqual({ ok: false, error: MESSAGES.suspicious, field });
  });

  it.each(['phone', 'country'] as const)('is not checked in %s', (field) => {
    const r = validateEnquiry({ ...good, [field]: field === 'phone' ? '+256772418260' : "Cote d'Ivoire" });
    expect(r.ok).toBe(true);
  });
});

describe('rule 2: e-mail syntax (RFC 5321 mailbox, internationalised domains)', () => {
  const valid = [
    'a@b.co',
    'first.last+tag@sub.example.org',
    'UPPER@EXAMPLE.COM',
    "o'brien@example.ie",
    'x_y-z@example.com',
    "!#$%&'*+/=?^_`{|}~-@example.com",
    '1234567890@example.com',
    `${'a'.repeat(64)}@example.com`,
    'a@example-with-hyphen.co.uk',
    'a@xn--bcher-kva.de',
    'a@bücher.de',
    'a@BÜCHER.DE',
    'a@münchen.de',
    'a@пример.рф',
    'a@例子.广告',
    'a@ß.de',
    'a@b.xn--p1ai',
    `a@${'d'.repeat(63)}.com`,
  ];
  const invalid = [
    '',
    'plain',
    'a@b',
    'a@localhost',
    '@b.com',
    'a@',
    'a@.com',
    'a@b.com.',
    'a b@c.com',
    'a@b.com x',
    'a@@b.com',
    'a@b..com',
    '.a@b.com',
    'a.@b.com',
    'a..b@c.com',
    'a@b.com\r\nBcc: x@y.z',
    '<script>alert(2)</script>@xss.example',
    '<a@b.com>',
    'Ann <a@b.com>',
    'a@b.com, c@d.com',
    'a,b@example.com',
    '"a b"@example.com',
    '"quoted"@example.com',
    'a(comment)@example.com',
    'a\\b@example.com',
    'a:b@example.com',
    'a[b]@example.com',
    'a@[192.0.2.1]',
    'a@[IPv6:2001:db8::1]',
    'a@192.0.2.1',
    'a@0x7f.1',
    'a\u0000@example.com',
    'a\tb@example.com',
    'a\u007f@example.com',
    'a@exa\u0000mple.com',
    'a@example.com\u200b',
    'a@exam\u202eple.com',
    'ü@example.com',
    'a＠example.com',
    'a@ex%61mple.com',
    'a@-example.com',
    'a@example-.com',
    'a@example.c',
    'a@example.c0m',
    'a@example.123',
    'a@exa_mple.com',
    'a@😀.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'d'.repeat(64)}.com`,
    `a@${Array.from({ length: 64 }, () => 'abc').join('.')}.com`,
  ];
  it.each(valid)('%j is an e-mail address', (e) => expect(isEmail(e)).toBe(true));
  it.each(invalid)('%j is not', (e) => expect(isEmail(e)).toBe(false));
  it.each(invalid.filter((e) => e !== '' && !isSuspicious(e)))('an enquiry from %j is refused with the e-mail message', (email) => {
    expect(validateEnquiry({ ...good, email })).toMatchObject({ ok: false, error: MESSAGES.email, field: 'email' });
  });
  it.each(invalid.filter((e) => e !== ''))('a subscription from %j is refused with the e-mail message', (email) => {
    expect(validateSubscriber({ fullName: 'Ann', email })).toMatchObject({ ok: false, error: MESSAGES.email, field: 'email' });
  });
  it('checks internationalised domains in their ASCII form', () => {
    expect(asciiDomain('Bücher.DE')).toBe('xn--bcher-kva.de');
    expect(asciiDomain('пример.рф')).toBe('xn--e1afmkfd.xn--p1ai');
    expect(asciiDomain('example.com')).toBe('example.com');
    expect(asciiDomain('xss.example>')).toBeNull();
  });
});

describe('rule 3: phone', () => {
  const valid = [
    '1234567',
    '+1234567',
    '123456789012345',
    '+123456789012345',
    '+256 772 418 260',
    '0772418260',
    '+256-772-418-260',
    '+256  772418260',
    '(0772) 418260',
    '+33 (6) 12-34-56-78',
    '077.241.8260',
  ];
  const invalid = ['', '123456', '+123456', '1234567890123456', '++1234567', '12345a7', 'phone', '+', ' +256772418260x', '256+772418260', '+256/772418260', '+ 12 34 5'];
  it.each(valid)('%j is a phone number', (p) => expect(isPhone(p)).toBe(true));
  it.each(invalid)('%j is not', (p) => expect(isPhone(p)).toBe(false));
  it('an empty phone is refused although it is not starred', () => {
    expect(validateEnquiry({ ...good, phone: '' })).toEqual({ ok: false, error: MESSAGES.phone, field: 'phone' });
    expect(validateEnquiry({ ...good, phone: null })).toEqual({ ok: false, error: MESSAGES.phone, field: 'phone' });
  });
  it('keeps the number without its separators', () => {
    expect(normalisePhone('+33 (6) 12-34-56-78')).toBe('+33612345678');
    expect(validateEnquiry({ ...good, phone: '+33 (6) 12-34-56-78' })).toMatchObject({ ok: true, value: { phone: '+33612345678' } });
  });

  const separator = fc.constantFrom(' ', '-', '.', '(', ')', '  ', ' (', ') ');
  /** Digits with separators between some of them, and maybe a leading plus. */
  const typed = (min: number, max: number) =>
    fc
      .tuple(fc.boolean(), fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.option(separator, { nil: '' })), { minLength: min, maxLength: max }))
      .map(([plus, parts]) => ({ digits: parts.map(([d]) => String(d)).join(''), plus, text: (plus ? '+' : '') + parts.map(([d, s]) => `${d}${s}`).join('') }));

  it('accepts 7 to 15 digits whatever the separators, and keeps the digits with their plus', () => {
    fc.assert(
      fc.property(typed(7, 15), ({ digits, plus, text }) => {
        expect(isPhone(text)).toBe(true);
        expect(normalisePhone(text)).toBe((plus ? '+' : '') + digits);
      }),
    );
  });
  it('refuses fewer than 7 or more than 15 digits whatever the separators', () => {
    fc.assert(fc.property(fc.oneof(typed(0, 6), typed(16, 30)), ({ text }) => !isPhone(text)));
  });
  it('refuses any other character, wherever it is', () => {
    const other = fc.string({ minLength: 1, maxLength: 1 }).filter((ch) => !/[\d\s.\-()[\]+]/.test(ch));
    fc.assert(
      fc.property(typed(7, 15), other, fc.nat(), ({ text }, ch, at) => {
        const i = at % (text.length + 1);
        expect(isPhone(text.slice(0, i) + ch + text.slice(i))).toBe(false);
      }),
    );
  });
});

describe('rule 4: required fields', () => {
  it.each([
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: undefined }, 'name'],
    [{ message: '' }, 'message'],
    [{ message: '\n\t ' }, 'message'],
  ] as const)('%j is refused', (patch, field) => {
    expect(validateEnquiry({ ...good, ...patch })).toEqual({ ok: false, error: MESSAGES.required, field });
  });
});

describe('order of the rules', () => {
  // Each row breaks several rules at once; the first in spec order wins.
  const rows: [string, EnquiryInput, string][] = [
    ['suspicious before bad e-mail', { ...good, message: 'drop it', email: 'nope' }, MESSAGES.suspicious],
    ['suspicious before bad phone', { ...good, name: "D'Souza", phone: 'x' }, MESSAGES.suspicious],
    ['suspicious before missing name', { ...good, name: '', message: 'a;b' }, MESSAGES.suspicious],
    ['bad e-mail before bad phone', { ...good, email: 'nope', phone: '12' }, MESSAGES.email],
    ['empty e-mail is a bad e-mail', { ...good, email: '' }, MESSAGES.email],
    ['bad e-mail before missing message', { ...good, email: 'nope', message: '' }, MESSAGES.email],
    ['bad phone before missing name', { ...good, phone: '12', name: '' }, MESSAGES.phone],
    ['everything empty', {}, MESSAGES.email],
    ['only e-mail and phone given', { email: 'a@b.co', phone: '1234567' }, MESSAGES.required],
  ];
  it.each(rows)('%s', (_label, input, message) => {
    const r = validateEnquiry(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe(message);
  });
});

describe('after the spec rules', () => {
  it('accepts a good enquiry and trims every field', () => {
    const r = validateEnquiry({ ...good, name: '  Amina Otieno ', country: ' Kenya ' });
    expect(r).toEqual({
      ok: true,
      value: {
        name: 'Amina Otieno',
        email: 'amina@example.com',
        phone: '+256772418260',
        country: 'Kenya',
        message: good.message,
        preferredContactMethod: 'Whatsapp',
        currentUrl: good.currentUrl,
      },
    });
  });

  it.each(['name', 'country', 'message'] as const)('refuses a %s over its length limit', (field) => {
    const r = validateEnquiry({ ...good, [field]: 'a'.repeat(LIMITS[field] + 1) });
    expect(r).toEqual({ ok: false, error: tooLongMessage(field), field });
  });

  it('refuses an e-mail over 254 characters', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(61)}.co`;
    expect(email.length).toBe(255);
    expect(isEmail(email)).toBe(true);
    const r = validateEnquiry({ ...good, email });
    expect(r).toEqual({ ok: false, error: tooLongMessage('email'), field: 'email' });
  });

  it.each([
    ['', 'Email'],
    [null, 'Email'],
    ['Email', 'Email'],
    ['whatsapp', 'Whatsapp'],
    ['Phone', 'Phone'],
    ['Phone call', 'Phone'],
  ] as const)('contact method %j means %s', (raw, method) => {
    expect(contactMethodOf(raw)).toBe(method);
    const r = validateEnquiry({ ...good, preferredContactMethod: raw });
    expect(r.ok && r.value.preferredContactMethod).toBe(method);
  });

  it('refuses an unknown contact method', () => {
    expect(validateEnquiry({ ...good, preferredContactMethod: 'Pigeon' })).toMatchObject({ ok: false, error: MESSAGES.contactMethod });
  });

  it.each(['/safaris/3-days-bwindi-gorilla-safari', 'http://localhost:3000/contact-us?x=1#top'])('accepts the page address %j', (currentUrl) => {
    const r = validateEnquiry({ ...good, currentUrl });
    expect(r.ok && r.value.currentUrl).toBe(currentUrl);
  });

  it.each(['javascript:alert(1)', 'not a url', 'ftp://example.com/x', '//evil.example/x'])('refuses the page address %j', (currentUrl) => {
    expect(validateEnquiry({ ...good, currentUrl })).toMatchObject({ ok: false, error: MESSAGES.currentUrl });
  });

  it('keeps a missing page address as null', () => {
    const r = validateEnquiry({ ...good, currentUrl: undefined });
    expect(r.ok && r.value.currentUrl).toBeNull();
  });
});

describe('home variant', () => {
  it.each([
    [{ ...good }, true],
    [{ ...good, name: ' ' }, false],
    [{ ...good, email: '' }, false],
    [{ ...good, message: '' }, false],
    [{ ...good, phone: '' }, true],
  ] as const)('%j has its required fields: %s', (input, expected) => {
    expect(hasRequiredEnquiryFields(input)).toBe(expected);
  });
});

describe('newsletter', () => {
  it.each([
    [{ fullName: '', email: 'a@b.co' }, MESSAGES.newsletterRequired],
    [{ fullName: 'Ann', email: '' }, MESSAGES.newsletterRequired],
    [{}, MESSAGES.newsletterRequired],
    [{ fullName: 'Ann', email: 'nope' }, MESSAGES.email],
    [{ fullName: 'a'.repeat(101), email: 'a@b.co' }, tooLongMessage('fullName')],
  ])('%j is refused with %j', (input, error) => {
    expect(validateSubscriber(input)).toMatchObject({ ok: false, error });
  });
  it('accepts and trims a subscriber', () => {
    expect(validateSubscriber({ fullName: ' Ann Kato ', email: ' Ann@Example.com ' })).toEqual({ ok: true, value: { fullName: 'Ann Kato', email: 'Ann@Example.com' } });
  });
});
