/**
 * A person's name as a mail shows it, in the text part and the HTML part: never something a
 * mail client turns into a link (docs/proxies.md, "Limits"). The dot of a host name
 * ("evil.example") becomes a one-dot leader, a scheme's "//" division slashes, "@" a
 * full-width at: the name reads the same and points nowhere. "J.R. Smith" is left as typed.
 */
export function plainName(name: string): string {
  return name
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}]{2})/gu, '\u2024')
    .replace(/:\/\//g, ':\u2215\u2215')
    .replace(/@/g, '\uFF20');
}
