import type { ReceiptState } from '@livevote/contracts';
import { mayReplace, type BallotKind } from '@livevote/rules';

/** A ballot of the member's, by who stood behind it. */
const KIND_WORDS: Record<BallotKind, string> = {
  live: 'your live vote',
  holder: 'your proxy holder’s vote',
  early: 'your early ballot',
  paper: 'the paper proxy entered for you',
  floor: 'the floor vote recorded for you',
};

export interface ReceiptFacts {
  kind: BallotKind;
  state: ReceiptState;
  closed: boolean;
  current: { kind: BallotKind; castAt: Date } | null;
  withdrawnAt: Date | null;
  proxy: { status: string; revokedAt: Date | null } | null;
}

const capital = (text: string) => text[0].toUpperCase() + text.slice(1);

/**
 * Why this receipt's ballot counts or does not, in words. Which ballot replaces which is the
 * precedence of libs/rules (docs/proxies.md); this only names it.
 */
export function receiptExplanation(
  facts: ReceiptFacts,
  time: (at: Date) => string,
): string {
  const own = KIND_WORDS[facts.kind];
  const sentences: string[] = [];
  if (facts.state === 'counts') {
    sentences.push(
      `${capital(own)} ${facts.closed ? 'was counted' : 'counts now'}: it is the ballot that stands for you on this matter.`,
    );
  } else if (facts.state === 'replaced' && facts.current) {
    const by = KIND_WORDS[facts.current.kind];
    const why =
      facts.current.kind === facts.kind
        ? 'a later ballot of the same kind replaces the earlier one'
        : mayReplace(facts.current.kind, facts.kind, { revocationsOpen: true })
          ? `${by.replace(/^your /, 'a member’s ')} takes precedence over ${own.replace(/^your /, 'its ')}`
          : 'it was entered after this one';
    sentences.push(
      `Replaced by ${by} at ${time(facts.current.castAt)}: ${why}. That ballot counts instead.`,
    );
  } else {
    sentences.push(
      `Your proxy holder took this vote back${facts.withdrawnAt ? ` at ${time(facts.withdrawnAt)}` : ''}: no ballot stands for you on this matter now.`,
    );
  }
  if (facts.proxy?.status === 'revoked')
    sentences.push(
      `Your proxy was revoked: you attended${facts.proxy.revokedAt ? ` at ${time(facts.proxy.revokedAt)}` : ''}, so your own votes count from then on.`,
    );
  return sentences.join(' ');
}
