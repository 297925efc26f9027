import { describe, expect, it } from 'vitest';
import { greetingName, newsletterConfirmation, operatorNotification, visitorAcknowledgement } from './templates.ts';

describe('greeting name', () => {
  it.each([
    ['Amina Otieno', 'Amina Otieno'],
    ["Seán O'Brien-Murphy", "Seán O'Brien-Murphy"],
    ['  Jean   Paul ', 'Jean Paul'],
    ['Dr. Kato', 'Dr. Kato'],
    ['Cheap pills at pills.example', null],
    ['visit www example', null],
    ['http kato', null],
    ['Buy now: 50% off', null],
    ['a'.repeat(61), null],
    ['', null],
  ])('%j -> %j', (name, expected) => {
    expect(greetingName(name)).toBe(expected);
  });
});

describe('messages', () => {
  const e = { name: 'Amina', email: 'amina@example.com', phone: '+256772418260', country: 'Kenya', message: 'Secret <b>plans</b>', preferredContactMethod: 'Email' as const, currentUrl: null };
  const ctx = { id: 7, receivedAt: new Date('2026-01-02T03:04:05Z'), clientIp: '203.0.113.9', userAgent: 'UA', pageUrl: null };
  const opts = { from: 'Site <no-reply@example.com>', operatorEmail: 'ops@example.com' };
  it('the operator gets every field, escaped in HTML, with Reply-To the visitor', () => {
    const m = operatorNotification(e, ctx, opts);
    expect(m.replyTo).toEqual({ name: 'Amina', address: 'amina@example.com' });
    expect(m.to.address).toBe('ops@example.com');
    for (const v of ['Amina', 'amina@example.com', '+256772418260', 'Kenya', 'Email', 'Received: 2 Jan 2026, 06:04:05 (Africa/Kampala, UTC+3)', '203.0.113.9', 'UA', 'Secret <b>plans</b>'])
      expect(m.text).toContain(v);
    expect(m.text).not.toContain('2026-01-02T03:04:05');
    expect(m.html).toContain('Secret &lt;b&gt;plans&lt;/b&gt;');
    expect(m.html).not.toContain('<b>plans</b>');
  });
  it('the operator reads the time the enquiry arrived in the time zone chosen in the console', () => {
    const m = operatorNotification(e, ctx, { ...opts, timeZone: 'Europe/London' });
    expect(m.text).toContain('Received: 2 Jan 2026, 03:04:05 (Europe/London, UTC)');
    expect(m.html).toContain('2 Jan 2026, 03:04:05 (Europe/London, UTC)');
  });
  it('the visitor gets no word of their message', () => {
    const m = visitorAcknowledgement(e, ctx, opts);
    expect(m.to.address).toBe('amina@example.com');
    expect(m.text).not.toContain('Secret');
    expect(m.html).not.toContain('Secret');
    expect(m.text).toContain('#7');
  });
  it('the opt-in mail carries the links and the one-click headers', () => {
    const m = newsletterConfirmation({ fullName: 'Ann', email: 'ann@example.com' }, { confirm: 'https://s/c?t=1', unsubscribe: 'https://s/u?t=2', oneClickUnsubscribe: 'https://s/u?t=2' }, opts);
    expect(m.text).toContain('https://s/c?t=1');
    expect(m.text).toContain('https://s/u?t=2');
    expect(m.headers).toEqual({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(m.list).toEqual({ unsubscribe: { url: 'https://s/u?t=2' } });
  });
  it('a line break typed into a single-line field cannot forge a line in the operator notice; the message keeps its lines', () => {
    const forged = {
      ...e,
      name: 'Amina\r\nBcc: victim@example.com',
      country: 'Kenya\nX-Forged: 1\r\n\r\nFake body',
      message: 'First line\nSecond line',
    };
    const m = operatorNotification(forged, { ...ctx, pageUrl: 'https://example.com/\r\nCc: other@example.com', userAgent: 'UA\u2028Bcc: x@example.com' }, opts);
    const lines = m.text.split('\n');
    for (const header of ['Bcc:', 'X-Forged:', 'Cc:', 'Fake body']) {
      expect(lines.some((l) => l.startsWith(header))).toBe(false);
    }
    expect(lines).toContain('Name: Amina Bcc: victim@example.com');
    expect(lines).toContain('Country: Kenya X-Forged: 1 Fake body');
    expect(lines).toContain('Page: https://example.com/ Cc: other@example.com');
    expect(lines).toContain('User agent: UA Bcc: x@example.com');
    expect(lines).toContain('Reply to this e-mail to answer Amina Bcc: victim@example.com directly.');
    // The message is multi-line: its lines stay.
    expect(lines).toContain('First line');
    expect(lines).toContain('Second line');
    expect(m.subject).toBe('Safari enquiry #7 from Amina Bcc: victim@example.com');
    expect(m.replyTo?.name).toBe('Amina Bcc: victim@example.com');
    expect(m.html).toContain('<td>Amina Bcc: victim@example.com</td>');
    expect(m.html).toContain('<td>Kenya X-Forged: 1 Fake body</td>');
    expect(m.html).not.toMatch(/[\r\u2028]/);
    expect(m.html).toContain('First line\nSecond line');
  });
});
