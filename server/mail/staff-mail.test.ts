// The console's e-mails to staff: the link in both parts, how long it works, and nothing a
// member's name holds is taken as HTML.
import { describe, expect, it } from 'vitest';
import { accountLockedMail, passwordResetMail, staffInvitationMail } from './staff-mail.ts';

const FROM = 'Kigezi Trails <no-reply@kigezitrails.example>';
const LINK = 'https://www.example.com/admin/reset/AbC_d-123456789012345678901234567890';

describe('staff e-mails', () => {
  it('a reset link: in the text and the HTML, valid the minutes given, to the account', () => {
    const m = passwordResetMail({ email: 'amani@example.com', name: 'Amani' }, LINK, 30, { from: FROM });
    expect(m.to).toEqual({ name: 'Amani', address: 'amani@example.com' });
    expect(m.from).toBe(FROM);
    expect(m.subject).toMatch(/Reset your .+ console password/);
    expect(m.text).toContain(`Choose a new password: ${LINK}`);
    expect(m.text).toContain('30 minutes');
    expect(m.html).toContain(`href="${LINK}"`);
    expect(m.html).toContain('30 minutes');
    expect(m.text).toMatch(/^Hello Amani,/);
  });

  it('an invitation: who invited, the role, 48 hours, and names escaped in the HTML', () => {
    const m = staffInvitationMail({ email: 'new@example.com', name: '<b>Neema</b>', role: 'agent' }, LINK, 48, 'Amani & Co', { from: FROM });
    expect(m.text).toContain('48 hours');
    expect(m.text).toContain('Amani & Co has given you an account');
    expect(m.text).toContain('as an agent');
    expect(m.html).toContain('Hello &lt;b&gt;Neema&lt;/b&gt;,');
    expect(m.html).toContain('Amani &amp; Co has given you');
    expect(m.html).not.toContain('<b>Neema</b>');
    expect(m.html).toContain(`href="${LINK}"`);
    // The link comes before the sentence that speaks of it, in both parts: "above", never "below".
    expect(m.text.indexOf(LINK)).toBeLessThan(m.text.indexOf('The link above works once, for 48 hours'));
    expect(m.html!.indexOf(`href="${LINK}"`)).toBeLessThan(m.html!.indexOf('The link above works once'));
    expect(`${m.text}${m.html}`).not.toMatch(/link below/);
    const owner = staffInvitationMail({ email: 'o@example.com', name: '', role: 'owner' }, LINK, 48, 'Amani', { from: FROM });
    expect(owner.text).toMatch(/^Hello,/);
    expect(owner.text).toContain('as an owner');
  });

  it('a lock notice: what happened, when in the operator’s time zone, that a known browser still signs in, how to choose a new password', () => {
    const m = accountLockedMail(
      { email: 'amani@example.com', name: 'Amani\r\nBcc: x@example.com' },
      { at: new Date('2026-11-27T09:42:31Z'), until: new Date('2026-11-27T09:45:00Z'), attempts: 8 },
      { signIn: 'https://www.example.com/admin/login', reset: 'https://www.example.com/admin/reset' },
      { from: FROM, timeZone: 'Africa/Kampala' },
    );
    expect(m.to).toEqual({ name: 'Amani Bcc: x@example.com', address: 'amani@example.com' });
    expect(m.text.split('\n')[0]).toBe('Hello Amani Bcc: x@example.com,');
    expect(m.text).toContain('was locked at 27 Nov 2026, 12:42 (Africa/Kampala, UTC+3), after 8 failed attempts');
    expect(m.text).toContain('refused until 27 Nov 2026, 12:45 (Africa/Kampala, UTC+3)');
    expect(`${m.text}${m.html}`).not.toMatch(/\d{4}-\d\d-\d\dT|09:42/);
    const utc = accountLockedMail(
      { email: 'a@example.com', name: '' },
      { at: new Date('2026-11-27T09:42:31Z'), until: new Date('2026-11-27T09:45:00Z'), attempts: 8 },
      { signIn: 's', reset: 'r' },
      { from: FROM, timeZone: 'UTC' },
    );
    expect(utc.text).toContain('was locked at 27 Nov 2026, 09:42 UTC');
    expect(m.text).toContain('A browser you have signed in with before can still sign in with your password');
    expect(m.text).toContain('"Forgot your password?" (https://www.example.com/admin/reset)');
    expect(m.text).toContain('Sign in: https://www.example.com/admin/login');
    expect(m.html).toContain('href="https://www.example.com/admin/reset"');
    expect(m.html).toContain('&quot;Forgot your password?&quot;');
  });
});
