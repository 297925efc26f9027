import { describe, expect, it } from 'vitest';
import { markdownToHtml, sanitize } from './html.ts';
import { site } from '../../common/site.ts';

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
  it('opens a link to another site in a new tab and says so in its name; a link of ours stays as it is', () => {
    const html = markdownToHtml(`Apply on [Uganda's official e-visa site](${site.visaSite} "Uganda e-visa") or read our [travel advice](/travel-advice).`);
    expect(html).toContain(
      `<a href="${site.visaSite}" title="Uganda e-visa" target="_blank" rel="noopener noreferrer">Uganda's official e-visa site<span class="sr-only"> (opens in a new tab)</span></a>`,
    );
    expect(html).toContain('<a href="/travel-advice">travel advice</a>');
    // Sanitising stored HTML again changes nothing (search results sanitise what they show).
    expect(sanitize(html)).toBe(html);
    // Only that class survives on a span.
    expect(sanitize('<span class="sr-only big" style="color:red">x</span>')).toBe('<span class="sr-only">x</span>');
  });
  it('says the new-tab note in the words it is given (a translation in its language), escaped', () => {
    const german = markdownToHtml('Auf der [E-Visa-Seite](https://visas.example/) oder [hier](/reisehinweise).', { newTabNote: 'öffnet in einem neuen Tab' });
    expect(german).toBe(
      '<p>Auf der <a href="https://visas.example/" target="_blank" rel="noopener noreferrer">E-Visa-Seite<span class="sr-only"> (öffnet in einem neuen Tab)</span></a> oder <a href="/reisehinweise">hier</a>.</p>',
    );
    expect(markdownToHtml('[x](https://a.example/)', { newTabNote: 'a < b & c' })).toContain('<span class="sr-only"> (a &lt; b &amp; c)</span>');
    // The English words stay the default, whichever wording was asked for before.
    expect(markdownToHtml('[x](https://a.example/)')).toContain('<span class="sr-only"> (opens in a new tab)</span>');
  });
  it('keeps a link that leaves the site safe whatever its address holds', () => {
    const html = markdownToHtml('[x](https://example.org/a?b=1&c="><script>alert(1)</script>)');
    expect(html).not.toMatch(/<script|onerror/i);
    expect(html).toContain('target="_blank"');
  });
  it('writes no visually hidden words into e-mail', () => {
    const html = markdownToHtml('[our site](https://kigezitrails.example/)', { email: true });
    expect(html).toBe('<p><a href="https://kigezitrails.example/" target="_blank" rel="noopener noreferrer">our site</a></p>');
  });
});
