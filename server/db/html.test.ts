import { describe, expect, it } from 'vitest';
import { markdownToHtml, sanitize } from './html.ts';

describe('stored HTML', () => {
  it('drops scripts, event handlers and javascript: links', () => {
    const out = sanitize('<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)"></p>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain('<p>Hi');
  });
  it('renders Markdown with headings, lists, tables and safe links', () => {
    const html = markdownToHtml('## Permits\n\n- Uganda: US $800\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Bwindi](/parks/bwindi) and [site](https://example.org)');
    expect(html).toContain('<h2>Permits</h2>');
    expect(html).toContain('<li>Uganda: US $800</li>');
    expect(html).toContain('<table>');
    expect(html).toContain('<a href="/parks/bwindi">Bwindi</a>');
    expect(html).toContain('rel="noopener noreferrer"');
  });
  it('keeps raw HTML in Markdown safe', () => {
    expect(markdownToHtml('Hello <iframe src="https://evil.example"></iframe><b>bold</b>')).toBe('<p>Hello <b>bold</b></p>');
  });
});
