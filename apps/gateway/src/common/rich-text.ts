import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a manager may write in `options.signature` and a matter's `snippet`: simple
 * formatting and http(s)/mailto links, no attributes but `href`, nothing that runs or
 * restyles. sanitize-html parses in linear time, so any input within the length cap is cheap.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'a',
    'b',
    'strong',
    'i',
    'em',
    'u',
    'br',
    'p',
    'div',
    'span',
    'ul',
    'ol',
    'li',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their content, not only their tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'title',
    'head',
    'iframe',
    'object',
  ],
};

/** The allow-listed HTML of a signature or snippet (idempotent). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

/** The tags sanitizeRichText can emit, with the only attribute it keeps. */
const SANITIZED_TAG = /<(\/?)([a-z]+)(?: href="([^"]*)")?(?: \/)?>/g;
const BLOCK = new Set(['p', 'div', 'li', 'ul', 'ol']);
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
};
const decode = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity]);

/** Rich text as plain text: tags stripped, line breaks kept, link targets shown. */
export function richTextToPlain(html: string): string {
  const clean = sanitizeRichText(html);
  let out = '';
  let last = 0;
  let anchor: { href: string; from: number } | null = null;
  const words = (text: string) => decode(text).replace(/\s+/g, ' ');
  for (const match of clean.matchAll(SANITIZED_TAG)) {
    out += words(clean.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, tag, href] = match;
    if (tag === 'br' || BLOCK.has(tag)) out += '\n';
    if (tag !== 'a') continue;
    if (!closing) {
      anchor = href ? { href: decode(href), from: out.length } : null;
    } else if (anchor) {
      const label = out.slice(anchor.from).trim();
      const bare = anchor.href.replace(/^mailto:/i, '');
      if (label !== bare && label !== anchor.href)
        out += label ? ` <${bare}>` : bare;
      anchor = null;
    }
  }
  out += words(clean.slice(last));
  return out
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
