import { describe, expect, it } from 'vitest';
import { checkReview, REVIEW_MESSAGES, sniffPhoto } from './reviews.ts';

const ok = { name: 'Grace', country: 'Kenya', rating: '5', text: 'Our guide knew every bird call in Bwindi forest.' };
const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('the review form’s rules (one schema for the browser and the server)', () => {
  it('trims and normalises a good review', () => {
    expect(checkReview({ ...ok, name: '  Grace  ', rating: ' 4 ' })).toEqual({ ok: true, value: { ...ok, rating: 4 } });
    expect(checkReview({ ...ok, rating: 3 })).toMatchObject({ ok: true, value: { rating: 3 } });
  });
  it('reports the first problem in the form’s order, with its field', () => {
    expect(checkReview({})).toEqual({ ok: false, error: REVIEW_MESSAGES.name, field: 'name' });
    expect(checkReview({ ...ok, country: ' ', rating: '9' })).toEqual({ ok: false, error: REVIEW_MESSAGES.country, field: 'country' });
    for (const rating of ['0', '6', '2.5', 'five', '', 7, null]) expect(checkReview({ ...ok, rating }), String(rating)).toMatchObject({ ok: false, field: 'rating', error: REVIEW_MESSAGES.rating });
    expect(checkReview({ ...ok, text: 'Great!' })).toMatchObject({ ok: false, field: 'text', error: REVIEW_MESSAGES.text });
    expect(checkReview({ ...ok, text: 'Lovely. More at www.example.com please.' })).toMatchObject({ ok: false, field: 'text', error: REVIEW_MESSAGES.links });
  });
});

describe('recognising a photo by its first bytes', () => {
  it('knows JPEG, PNG, WebP and AVIF', () => {
    expect(sniffPhoto(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('jpeg');
    expect(sniffPhoto(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffPhoto(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffPhoto(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'))).toBe('avif');
    // AVIF named only among the compatible brands.
    expect(sniffPhoto(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'mif1avif'))).toBe('avif');
  });
  it('refuses everything else, whatever it is called', () => {
    expect(sniffPhoto(bytes('GIF89a'))).toBeNull();
    expect(sniffPhoto(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffPhoto(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeNull();
    expect(sniffPhoto(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffPhoto(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffPhoto(new Uint8Array())).toBeNull();
  });
});
