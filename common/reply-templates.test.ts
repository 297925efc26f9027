import { describe, expect, it } from 'vitest';
import { fillReplyTemplate, replyTemplatesSchema, templatesFor } from './reply-templates.ts';

const values = { name: 'Amina', safari: '3 Days Bwindi Gorilla Trekking Safari', agent: 'Arthur Agent' };

describe('reply templates', () => {
  it('fill every placeholder, however often, and leave other braces alone', () => {
    expect(fillReplyTemplate('Dear {name},\n\nThank you for asking about {safari}. {name}, I am {agent}. {json}', values)).toBe(
      'Dear Amina,\n\nThank you for asking about 3 Days Bwindi Gorilla Trekking Safari. Amina, I am Arthur Agent. {json}',
    );
  });

  it('refuse an unknown placeholder, a nameless or empty template and two of one name, in words', () => {
    const check = (templates: unknown) => {
      const r = replyTemplatesSchema.safeParse({ templates });
      return r.success ? 'ok' : r.error.issues[0]!.message;
    };
    expect(check([{ id: 't1', name: 'Welcome', body: 'Dear {name}, I am {agent}.' }])).toBe('ok');
    expect(check([{ id: 't1', name: 'Welcome', body: 'Dear {firstname},' }])).toBe('{firstname} is not a placeholder: use {name}, {safari}, {agent}.');
    expect(check([{ id: 't1', name: ' ', body: 'Hello' }])).toBe('Give every template a name.');
    expect(check([{ id: 't1', name: 'Welcome', body: '' }])).toBe('Write the words of every template.');
    expect(
      check([
        { id: 't1', name: 'Welcome', body: 'a' },
        { id: 't2', name: 'welcome', body: 'b' },
      ]),
    ).toBe('Two templates have the same name: give each its own.');
    expect(check([{ id: 'T 1', name: 'Welcome', body: 'a' }])).toBe('This template could not be read. Reload the page and try again.');
  });

  it('keep a template’s language (English as none), allow one name per language, and refuse an unknown language', () => {
    const parsed = replyTemplatesSchema.parse({
      templates: [
        { id: 't1', name: 'Welcome', body: 'Dear {name},', language: 'en' },
        { id: 't2', name: 'Welcome', body: 'Estimado/a {name}:', language: 'es' },
        { id: 't3', name: 'Thanks', body: 'Thank you' },
      ],
    });
    expect(parsed.templates.map((t) => [t.id, t.language])).toEqual([
      ['t1', undefined],
      ['t2', 'es'],
      ['t3', undefined],
    ]);
    expect(JSON.parse(JSON.stringify(parsed.templates[0]))).toEqual({ id: 't1', name: 'Welcome', body: 'Dear {name},' });
    const r = replyTemplatesSchema.safeParse({ templates: [{ id: 't1', name: 'Welcome', body: 'a', language: 'it' }] });
    expect(r.success ? 'ok' : r.error.issues[0]!.message).toBe('Choose the language of every template from the list.');
    const same = replyTemplatesSchema.safeParse({
      templates: [
        { id: 't1', name: 'Bienvenida', body: 'a', language: 'es' },
        { id: 't2', name: 'bienvenida', body: 'b', language: 'es' },
      ],
    });
    expect(same.success ? 'ok' : same.error.issues[0]!.message).toBe('Two templates have the same name: give each its own.');
  });

  it('offer the templates in the traveller’s language first, each group in the owners’ order', () => {
    const list = [{ id: 'a' }, { id: 'b', language: 'es' as const }, { id: 'c', language: 'fr' as const }, { id: 'd', language: 'es' as const }];
    expect(templatesFor(list, 'es').map((t) => t.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(templatesFor(list, 'en').map((t) => t.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
