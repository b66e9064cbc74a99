import type { ReceiptReason, ReceiptState } from '@livevote/contracts';
import { mayReplace, type BallotKind } from '@livevote/rules';

export interface ReceiptFacts {
  kind: BallotKind;
  state: ReceiptState;
  closed: boolean;
  current: { kind: BallotKind; castAt: Date } | null;
  withdrawnAt: Date | null;
  proxy: { status: string; revokedAt: Date | null } | null;
}

/**
 * Why this receipt's ballot counts or does not, as reason codes. Which ballot replaces which
 * is the precedence of libs/rules (docs/proxies.md); `receiptWords` (libs/i18n) words them.
 */
export function receiptReasons(facts: ReceiptFacts): ReceiptReason[] {
  const reasons: ReceiptReason[] = [];
  if (facts.state === 'counts') {
    reasons.push({ code: facts.closed ? 'counted' : 'counts', at: null });
  } else if (facts.state === 'replaced' && facts.current) {
    reasons.push({
      code:
        facts.current.kind === facts.kind
          ? 'replaced_same_kind'
          : mayReplace(facts.current.kind, facts.kind, {
                revocationsOpen: true,
              })
            ? 'replaced_precedence'
            : 'replaced_later',
      at: facts.current.castAt.toISOString(),
    });
  } else {
    reasons.push({
      code: 'withdrawn',
      at: facts.withdrawnAt?.toISOString() ?? null,
    });
  }
  if (facts.proxy?.status === 'revoked')
    reasons.push({
      code: 'proxy_revoked',
      at: facts.proxy.revokedAt?.toISOString() ?? null,
    });
  return reasons;
}
