import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formEntries, formText, formTexts, parseForm, readFields, readForm } from './read-form.ts';

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/x', { method: 'POST', body, headers });
}

describe('readForm', () => {
  const schema = z.object({ name: z.string().trim().min(1, 'Please enter your name.'), email: z.string().email('Please enter a valid email address.') });

  it('parses the posted fields against the schema once', async () => {
    const read = await readForm(post(new URLSearchParams({ name: ' Amina ', email: 'amina@example.com', extra: 'ignored' })), schema);
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.data).toEqual({ name: 'Amina', email: 'amina@example.com' });
    expect(read.form.get('extra')).toBe('ignored');
  });

  it("answers the first problem's message and the field it is about", async () => {
    const read = await readForm(post(new URLSearchParams({ name: 'Amina', email: 'not-an-address' })), schema);
    expect(read).toMatchObject({ ok: false, error: 'Please enter a valid email address.', field: 'email', typed: { name: 'Amina', email: 'not-an-address' } });
  });

  it('reads a body that is not a form as an empty form, refused by the schema rather than thrown', async () => {
    const read = await readForm(post('{"name":"x"}', { 'content-type': 'application/json' }), schema);
    expect(read.ok).toBe(false);
    expect(read.form.has('name')).toBe(false);
  });

  it('takes the first value of a field sent twice, and a file as a file', () => {
    const form = new FormData();
    form.append('tag', 'first');
    form.append('tag', 'second');
    form.append('photo', new File(['x'], 'p.jpg', { type: 'image/jpeg' }));
    const entries = formEntries(form);
    expect(entries.tag).toBe('first');
    expect(entries.photo).toBeInstanceOf(File);
  });
});

describe('formText and readFields', () => {
  const schema = z.object({ name: formText, photo: formText });

  it('reads a missing field or a file where text was expected as empty text', async () => {
    const form = new FormData();
    form.append('photo', new File(['x'], 'p.jpg'));
    expect(parseForm(form, schema)).toMatchObject({ ok: true, data: { name: '', photo: '' }, typed: {} });
    expect(await readFields(post(new URLSearchParams({ name: 'Amina' })), schema)).toEqual({ name: 'Amina', photo: '' });
  });
});

describe('formTexts', () => {
  it("gives each text field's first value and leaves files out, so a missing field stays missing", () => {
    const form = new FormData();
    form.append('intent', 'delete');
    form.append('intent', 'edit');
    form.append('_csrf', '');
    form.append('file', new File(['x'], 'a.csv'));
    const texts = formTexts(form);
    expect(texts).toEqual({ intent: 'delete', _csrf: '' });
    expect(texts.confirm).toBeUndefined();
  });
});
