import { describe, expect, it } from 'vitest';
import {
  factsHtml,
  layoutHtml,
  linkHtml,
  linkParagraphHtml,
  listHtml,
  paragraphHtml,
  proxyHtml,
} from './mail-templates';

const HOSTILE = `<a href="x">&'</a>`;
const ESCAPED = '&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;';

describe('mail templates', () => {
  it.each([
    ['a paragraph', () => paragraphHtml(HOSTILE)],
    ['a link text', () => linkHtml('https://x.example/', HOSTILE)],
    ['a link target', () => linkHtml(HOSTILE, 'text')],
    [
      'a labelled link',
      () => linkParagraphHtml('https://x/', 'x', { label: HOSTILE }),
    ],
    ['a fact name', () => factsHtml([[HOSTILE, 'value']])],
    ['a fact value', () => factsHtml([['name', HOSTILE]])],
    ['a list title', () => listHtml(['item'], HOSTILE)],
    ['a list item', () => listHtml([HOSTILE])],
    ['the language', () => layoutHtml(HOSTILE, [])],
    [
      'a proxy mail',
      () =>
        proxyHtml({
          lng: 'en',
          before: [HOSTILE],
          list: [HOSTILE],
          after: [HOSTILE],
          link: HOSTILE,
          linkText: HOSTILE,
        }),
    ],
  ])('escape markup in %s', (_, render) => {
    const html = render();
    expect(html).toContain(ESCAPED);
    expect(html).not.toContain(HOSTILE);
  });

  it('keep the line breaks of a paragraph, and nothing else of its markup', () => {
    expect(paragraphHtml('one <b>\r\ntwo\nthree')).toBe(
      '<p>one &lt;b&gt;<br>two<br>three</p>',
    );
  });

  it('put rendered parts in the layout as they are', () => {
    expect(layoutHtml('fr', [paragraphHtml('a'), linkHtml('h', 't')])).toBe(
      '<!doctype html><html lang="fr"><body>\n<p>a</p>\n<a href="h">t</a>\n</body></html>',
    );
  });
});
