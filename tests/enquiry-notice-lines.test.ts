// A visitor's line breaks in single-line fields of the enquiry form (name, country) reach the
// operator's notice as one line: delivered through SMTP, the notice has no forged header and no
// text line of the visitor's making; the message keeps its own lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/db.ts';
import { formsHarness, goodEnquiry, OPERATOR, type FormsHarness } from './helpers/forms.ts';
import { startTestSmtp, type TestSmtp } from './helpers/smtp.ts';

describe.each(backends())('the operator notice of an enquiry on %s', (backend) => {
  let smtp: TestSmtp;
  let h: FormsHarness;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    h = await formsHarness(backend, { smtp, forms: { startWorker: false } });
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.stop();
  });

  it('shows a name and a country typed with CR/LF on one line, in the subject, the text and the HTML', async () => {
    const res = await h.post('/plan-a-safari', {
      ...goodEnquiry(1),
      name: 'Amina Otieno\r\nBcc: victim@example.com',
      country: 'Kenya\r\nX-Forged: yes\r\n\r\nA forged paragraph',
      message: 'First line of the message\nSecond line of the message',
    });
    expect(res.status).toBe(201);
    expect(await h.forms.worker.runOnce()).toBe(2);
    const notice = smtp.received.find((m) => m.to.includes(OPERATOR))!;
    expect(notice.header('bcc')).toBeUndefined();
    expect(notice.header('x-forged')).toBeUndefined();
    expect(notice.header('subject')).toMatch(/^Safari enquiry #\d+ from Amina Otieno Bcc: victim@example\.com$/);
    const lines = notice.text.split(/\r?\n/);
    expect(lines.filter((l) => /^(Bcc|X-Forged):|^A forged paragraph/.test(l))).toEqual([]);
    expect(lines).toContain('Name: Amina Otieno Bcc: victim@example.com');
    expect(lines).toContain('Country: Kenya X-Forged: yes A forged paragraph');
    expect(lines).toContain('First line of the message');
    expect(lines).toContain('Second line of the message');
    const [row] = await h.rows<{ html: string }>(`select message->>'html' as html from mail_outbox where kind = 'enquiry-operator'`);
    expect(row!.html).toContain('<td>Amina Otieno Bcc: victim@example.com</td>');
    expect(row!.html).toContain('<td>Kenya X-Forged: yes A forged paragraph</td>');
  });
});
