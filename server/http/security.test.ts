import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineScriptHashesOfBytes } from './security.ts';

describe('inlineScriptHashesOfBytes', () => {
  const docs = [
    '<html><head><script>a()</script><script type="application/ld+json">{"x":1}</script></head><body><script src="/x.js"></script><script type="module" async="">import "/a.js"</script></body></html>',
    '<SCRIPT>upper()</SCRIPT ><script\n type=\'text/javascript\'>b("é ☃ 𝄞")</script  ><scripts>not</scripts><script>c()</scriptx></script>',
    '<script>same()</script><p>x</p><script>same()</script><script type=application/json>{}</script><script>d("</scrip")</script>',
    '<script>never closed',
    '<p>no scripts</p>',
    '<script>unclosed()<script>x()</script>',
  ];
  it('finds and hashes the same scripts as the string version', () => {
    for (const html of docs) expect(inlineScriptHashesOfBytes(Buffer.from(html, 'utf8')), html).toEqual(inlineScriptHashes(html));
  });
});
