// Pieces of the content store that need no database: documents' hashes and order, renamed
// references, and the content served when some references do not resolve.
import { describe, expect, it } from 'vitest';
import { crossReferenceProblems, loadContentFiles } from '../db/content.ts';
import { diffDocuments, documentHash, fieldsOf, orderDocument } from './documents.ts';
import { withoutBrokenReferences } from './published.ts';
import { renameIn } from './renames.ts';

describe('content store', () => {
  it('hashes a document the same whatever the order of its keys', () => {
    expect(documentHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(documentHash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
    expect(documentHash({ a: 1 })).not.toBe(documentHash({ a: 2 }));
  });

  it('orders a document like its schema and, strictly, keeps only the fields the type knows', () => {
    const fields = fieldsOf('faqs');
    const doc = { home: true, order: 3, answer: 'Yes.', question: 'Why?', extra: 1 };
    expect(Object.keys(orderDocument(fields, doc))).toEqual(['question', 'answer', 'order', 'home', 'extra']);
    expect(orderDocument(fields, doc, true)).toEqual({ question: 'Why?', answer: 'Yes.', order: 3, home: true });
  });

  it('renames references to a changed slug wherever the schema says they are, and nothing else', () => {
    const fields = fieldsOf('safaris');
    const doc = {
      title: 'Mburo and more',
      experiences: ['game-drives', 'boat-cruises'],
      description: 'See game-drives here.',
      itinerary: [{ title: 'Day', activities: ['game-drives'], stops: ['lake-mburo-national-park'] }],
    };
    const { value, touched } = renameIn(fields, doc, 'experiences', 'game-drives', 'safari-drives');
    expect(touched).toBe(true);
    expect(value.experiences).toEqual(['safari-drives', 'boat-cruises']);
    expect((value.itinerary as { activities: string[] }[])[0]!.activities).toEqual(['safari-drives']);
    expect(value.description).toBe('See game-drives here.');
    expect(renameIn(fields, doc, 'destinations', 'game-drives', 'x').touched).toBe(false);
  });

  it('leaves off the site exactly the items whose references do not resolve', async () => {
    const { content } = await loadContentFiles();
    const gone = content.experiences.find((e) => e.slug === 'boat-cruises')!;
    content.experiences = content.experiences.filter((e) => e !== gone);
    const referring = content.safaris.filter((s) => s.experiences.includes('boat-cruises') || s.itinerary.some((d) => d.activities.includes('boat-cruises')));
    expect(referring.length).toBeGreaterThan(0);
    const before = content.safaris.length;
    const { content: served, left } = withoutBrokenReferences(content);
    expect(crossReferenceProblems(served)).toEqual([]);
    expect(served.safaris).toHaveLength(before - referring.length);
    expect(left.map((l) => l.split(':')[0]).sort()).toEqual(referring.map((s) => `safaris/${s.slug}`).sort());
  });

  it('shows a change as the lines of its YAML', () => {
    const diff = diffDocuments('faqs', { question: 'Why?', answer: 'Old.', order: 1, home: false }, { question: 'Why?', answer: 'New.', order: 1, home: false });
    expect(diff).toEqual([
      { op: ' ', text: 'question: Why?' },
      { op: '-', text: 'answer: Old.' },
      { op: '+', text: 'answer: New.' },
      { op: ' ', text: 'order: 1' },
      { op: ' ', text: 'home: false' },
    ]);
  });
});
