import { describe, expect, it } from 'vitest';
import { sanitizeSignatureHtml, signatureText } from './mail-html';

describe(sanitizeSignatureHtml.name, () => {
  it('keeps simple formatting and safe links, without attributes', () => {
    expect(
      sanitizeSignatureHtml(
        '<p style="color:red">Pat <strong class="x">Chair</strong><br/>' +
          '<a href="mailto:pat@example.test" target="_blank">Write</a></p>',
      ),
    ).toBe(
      '<p>Pat <strong>Chair</strong><br><a href="mailto:pat@example.test">Write</a></p>',
    );
  });

  it('drops scripts, styles, event handlers, other tags and unsafe link schemes', () => {
    const html = sanitizeSignatureHtml(
      '<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>' +
        '<a href=" JaVaScript:alert(1)">x</a><a href="data:text/html,1">y</a>' +
        '<iframe src="https://evil.test"></iframe><b onmouseover="alert(1)">b</b>',
    );
    expect(html).toBe('<a>x</a><a>y</a><b>b</b>');
  });

  it('escapes text, stray brackets and attribute quotes, and balances tags', () => {
    expect(sanitizeSignatureHtml('1 < 2 & <b>bold <i>both</b> "q"')).toBe(
      '1 &lt; 2 &amp; <b>bold <i>both</i></b> &quot;q&quot;',
    );
    expect(sanitizeSignatureHtml('</div><div>open')).toBe('<div>open</div>');
    expect(
      sanitizeSignatureHtml(
        '<a href="https://x.test/?a=1&amp;b=&quot;2">l</a>',
      ),
    ).toBe('<a href="https://x.test/?a=1&amp;b=&quot;2">l</a>');
  });

  it('does not let a comment or an unclosed script hide what follows', () => {
    expect(sanitizeSignatureHtml('a<!-- <b> -->c')).toBe('ac');
    expect(sanitizeSignatureHtml('a<script>never closed')).toBe('a');
  });
});

describe(signatureText.name, () => {
  it('keeps the words and line breaks and shows link targets', () => {
    expect(
      signatureText(
        '<div>Pat &amp; Co<br>Board</div><p><a href="https://board.test/">Site</a> ' +
          '<a href="mailto:pat@board.test">pat@board.test</a></p><script>x()</script>',
      ),
    ).toBe('Pat & Co\nBoard\n\nSite <https://board.test/> pat@board.test');
  });
});
