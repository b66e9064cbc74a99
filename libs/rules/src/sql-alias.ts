const IDENTIFIER = /^(?:[a-z_][a-z0-9_]*|"[^"\0]+")$/i;

/**
 * A table alias for a SQL fragment, checked: fragments reach SQL as raw text, so only a plain
 * or double-quoted identifier is let through, never anything a caller could smuggle SQL in.
 */
export function sqlAlias(alias: string): string {
  if (!IDENTIFIER.test(alias))
    throw new Error(`not a SQL table alias: ${JSON.stringify(alias)}`);
  return alias;
}
