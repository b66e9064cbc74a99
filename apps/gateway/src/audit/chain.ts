import { createHash } from 'node:crypto';

/** The hash before the first link of a meeting's chain. */
export const GENESIS = '0'.repeat(64);

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * A link's hash (docs/verifiability.md): SHA-256 of the previous link's hash, the link's
 * position and the digest of its entry, one per line.
 */
export function linkHash(
  previous: string,
  position: number,
  digest: string,
): string {
  return sha256(`${previous}\n${position}\n${digest}`);
}

/** A link as stored, with the content of its entry as it reads now (null: the entry is gone). */
export interface StoredLink {
  position: number;
  source: 'ballot' | 'audit';
  sourceId: string;
  digest: string;
  hash: string;
  content: string | null;
}

export type LinkFault = 'position' | 'missing' | 'content' | 'hash';

export interface BadLink {
  position: number;
  source: 'ballot' | 'audit';
  sourceId: string;
  fault: LinkFault;
}

/**
 * Checks links in order from the one after `previous` (hash) at `expected` (position): the
 * first one that does not hold, else null. Pure, so the CLI and the tests judge alike.
 */
export function firstBadLink(
  links: StoredLink[],
  start: { previous: string; expected: number },
): { bad: BadLink | null; previous: string; expected: number } {
  let { previous, expected } = start;
  for (const link of links) {
    const at = {
      position: link.position,
      source: link.source,
      sourceId: link.sourceId,
    };
    if (link.position !== expected)
      return { bad: { ...at, fault: 'position' }, previous, expected };
    if (link.content === null)
      return { bad: { ...at, fault: 'missing' }, previous, expected };
    if (sha256(link.content) !== link.digest)
      return { bad: { ...at, fault: 'content' }, previous, expected };
    if (linkHash(previous, link.position, link.digest) !== link.hash)
      return { bad: { ...at, fault: 'hash' }, previous, expected };
    previous = link.hash;
    expected += 1;
  }
  return { bad: null, previous, expected };
}
