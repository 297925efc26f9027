import { describe, expect, it } from 'vitest';
import { htmlBlocks, pdfText } from './pdf-kit.server.ts';

describe('the PDF kit: text', () => {
  it('reads paragraphs, list items, emphasis and links (made absolute) from stored HTML', () => {
    const blocks = htmlBlocks(
      '<h2>Getting there</h2><p>You track chimps in <a href="/parks/kibale-national-park">Kibale</a> &amp; <strong>gorillas</strong>.</p><ul><li>Permit&nbsp;US $800</li><li><em>Porters</em></li></ul>',
      'https://www.example.com',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['h', 'p', 'li', 'li']);
    expect(blocks[1]!.runs).toEqual([
      { text: 'You track chimps in ', bold: false, italic: false, href: undefined },
      { text: 'Kibale', bold: false, italic: false, href: 'https://www.example.com/parks/kibale-national-park' },
      { text: ' & ', bold: false, italic: false, href: undefined },
      { text: 'gorillas', bold: true, italic: false, href: undefined },
      { text: '.', bold: false, italic: false, href: undefined },
    ]);
    expect(blocks[2]!.runs[0]!.text).toBe('Permit\u00a0US $800');
    expect(blocks[3]!.runs[0]!.italic).toBe(true);
  });

  it('keeps what the embedded fonts can draw, beyond Latin-1, and spells out or replaces the rest', () => {
    expect(pdfText('Café – “quoted” … 2,400 m · €5')).toBe('Café – “quoted” … 2,400 m · €5');
    expect(pdfText('Ŋgorongoro naïve, Ağa Khan, Łódź, Kıbale')).toBe('Ŋgorongoro naïve, Ağa Khan, Łódź, Kıbale');
    expect(pdfText('Kigali → Musanze')).toBe('Kigali -> Musanze');
    expect(pdfText('Ṭanga')).toBe('Tanga');
    expect(pdfText('日本')).toBe('??');
    expect(pdfText('line\nbreak')).toBe('line break');
  });
});
