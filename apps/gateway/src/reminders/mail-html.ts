import escapeHtml from 'escape-html';

export { escapeHtml };

export const paragraph = (text: string) =>
  `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

export const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/** Tags a signature may keep; every attribute is dropped except a checked `href` on `a`. */
const ALLOWED = new Set([
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
]);
const VOID = new Set(['br']);
/** Their content is dropped along with them. */
const DROP_CONTENT = new Set(['script', 'style', 'head', 'title', 'template']);
const BLOCK = new Set(['p', 'div', 'li', 'ul', 'ol']);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s>"'=/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Decodes the entities a hand-written signature uses; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi,
    (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X'
            ? parseInt(name.slice(2), 16)
            : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
          ? String.fromCodePoint(code)
          : '';
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    },
  );
}

function safeHref(attributes: string): string | null {
  const match = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/i.exec(
    attributes,
  );
  if (!match) return null;
  // Browsers ignore control characters and blanks inside a scheme ("java\tscript:").
  const href = [...decodeEntities(match[1] ?? match[2] ?? match[3] ?? '')]
    .filter((c) => c > ' ' && c !== '\u007f')
    .join('');
  return /^(https?:|mailto:)/i.test(href) ? href : null;
}

interface Piece {
  kind: 'text' | 'open' | 'close';
  text: string;
  tag?: string;
  attributes?: string;
}

function tokenize(html: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of html.matchAll(TOKEN)) {
    if (match.index > last)
      pieces.push({ kind: 'text', text: html.slice(last, match.index) });
    last = match.index + match[0].length;
    if (match[0].startsWith('<!--')) continue;
    pieces.push({
      kind: match[1] ? 'close' : 'open',
      text: match[0],
      tag: match[2].toLowerCase(),
      attributes: match[3] ?? '',
    });
  }
  if (last < html.length) pieces.push({ kind: 'text', text: html.slice(last) });
  return pieces;
}

/**
 * `options.signature` for the HTML part: a small whitelist (see ALLOWED), tags balanced,
 * links only http(s) and mailto, everything else escaped as text. No sanitizer package is
 * installed; this keeps what signatures use and nothing that can run or restyle the mail.
 */
export function sanitizeSignatureHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  for (const piece of tokenize(html)) {
    if (dropping) {
      if (piece.kind === 'close' && piece.tag === dropping) dropping = null;
      continue;
    }
    if (piece.kind === 'text') {
      out.push(escapeHtml(decodeEntities(piece.text)));
      continue;
    }
    const tag = piece.tag!;
    if (DROP_CONTENT.has(tag)) {
      if (piece.kind === 'open' && !piece.text.endsWith('/>')) dropping = tag;
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
    if (piece.kind === 'open') {
      if (VOID.has(tag)) {
        out.push(`<${tag}>`);
        continue;
      }
      if (tag === 'a') {
        const href = safeHref(piece.attributes!);
        out.push(href ? `<a href="${escapeHtml(href)}">` : '<a>');
      } else out.push(`<${tag}>`);
      open.push(tag);
      continue;
    }
    const at = open.lastIndexOf(tag);
    if (at < 0) continue;
    while (open.length > at) out.push(`</${open.pop()}>`);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** `options.signature` for the plain-text part: tags stripped, line breaks kept, link targets shown. */
export function signatureText(html: string): string {
  let out = '';
  let dropping: string | null = null;
  let anchor: { href: string; from: number } | null = null;
  for (const piece of tokenize(html)) {
    if (dropping) {
      if (piece.kind === 'close' && piece.tag === dropping) dropping = null;
      continue;
    }
    if (piece.kind === 'text') {
      out += decodeEntities(piece.text).replace(/\s+/g, ' ');
      continue;
    }
    const tag = piece.tag!;
    if (DROP_CONTENT.has(tag)) {
      if (piece.kind === 'open' && !piece.text.endsWith('/>')) dropping = tag;
      continue;
    }
    if (tag === 'br' || BLOCK.has(tag)) out += '\n';
    if (tag !== 'a') continue;
    if (piece.kind === 'open') {
      const href = safeHref(piece.attributes!);
      anchor = href ? { href, from: out.length } : null;
    } else if (anchor) {
      const label = out.slice(anchor.from).trim();
      const bare = anchor.href.replace(/^mailto:/i, '');
      if (label !== bare && label !== anchor.href)
        out += label ? ` <${bare}>` : bare;
      anchor = null;
    }
  }
  return out
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
