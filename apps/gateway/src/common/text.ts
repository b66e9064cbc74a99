/** Escapes LIKE/ILIKE wildcards so a search matches the text literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The credential of an `Authorization: Bearer <token>` header, or null when malformed. */
export function bearerToken(header: string): string | null {
  return /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header)?.[1] ?? null;
}
