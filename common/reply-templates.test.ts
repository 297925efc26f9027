import { describe, expect, it } from 'vitest';
import { fillReplyTemplate, replyTemplatesSchema } from './reply-templates.ts';

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
});
