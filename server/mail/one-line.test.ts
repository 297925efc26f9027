import { describe, expect, it } from 'vitest';
import { oneLine } from './one-line.ts';

describe('oneLine', () => {
  it.each([
    ['Amina\r\nBcc: victim@example.com', 'Amina Bcc: victim@example.com'],
    ['Kenya\nSubject: hello', 'Kenya Subject: hello'],
    ['a\rb\u2028c\u2029d', 'a b c d'],
    ['tab\there\u0000nul\u007fdel\u0085nel', 'tab here nul del nel'],
    ['  spaced \r\n\r\n out  ', 'spaced out'],
    ['Seán O’Brien — Kampala', 'Seán O’Brien — Kampala'],
    ['', ''],
  ])('%j -> %j', (value, expected) => {
    expect(oneLine(value)).toBe(expected);
  });
});
