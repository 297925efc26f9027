import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfAttachment } from './outbox.ts';
import { createMailTransport } from './transport.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const message = {
  from: 'Kigezi Trails <hello@kigezitrails.example>',
  to: { name: 'Amina', address: 'amina@example.com' },
  subject: 'Your quote',
  text: 'Attached.',
};

describe('attachments', () => {
  it('go out with the message, decoded to the bytes that were queued', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
    const transport = createMailTransport({ dataDir: dir, timeoutMs: 1000 });
    const bytes = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55, 10, 0, 255, 128]);
    await transport.send({ ...message, attachments: [pdfAttachment('Q-2026-0001.pdf', bytes)] }, '<quote-sent.1@kigezitrails.example>');
    transport.close();
    const [file] = await readdir(path.join(dir, 'mail'));
    const raw = await readFile(path.join(dir, 'mail', file!), 'utf8');
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toMatch(/Content-Type: application\/pdf; name=Q-2026-0001\.pdf/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=Q-2026-0001\.pdf/);
    const part = raw.split(/filename=Q-2026-0001\.pdf\r?\n\r?\n/)[1]!.split(/\r?\n--/)[0]!;
    expect([...Buffer.from(part.replace(/\s+/g, ''), 'base64')]).toEqual([...bytes]);
  });

  it('a message without files is sent as before, with no multipart', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
    const transport = createMailTransport({ dataDir: dir, timeoutMs: 1000 });
    await transport.send(message, '<reply.2@kigezitrails.example>');
    transport.close();
    const [file] = await readdir(path.join(dir, 'mail'));
    const raw = await readFile(path.join(dir, 'mail', file!), 'utf8');
    expect(raw).not.toMatch(/multipart/);
    expect(raw).toContain('Attached.');
  });

  it('a PDF attachment keeps its bytes in base64 and says what it is', () => {
    const a = pdfAttachment('itinerary.pdf', new Uint8Array([1, 2, 3]));
    expect(a).toEqual({ filename: 'itinerary.pdf', contentType: 'application/pdf', contentBase64: 'AQID' });
  });
});
