import type { ReceiptReason } from '@livevote/contracts';
import type { BallotKind } from '@livevote/rules';
import type { Translate } from './translator';

// Why a receipt's ballot counts or not, as codes (`ReceiptReason` in libs/contracts,
// docs/verifiability.md): the gateway works them out with the precedence of libs/rules, and
// the gateway and the portal word them here in the reader's language.

export interface ReceiptWordsInput {
  /** The receipt's ballot. */
  kind: BallotKind;
  /** The ballot that counts instead, when another one. */
  current: { kind: BallotKind } | null;
  reasons: readonly ReceiptReason[];
}

/** One reason in a sentence; `time` words an instant (in the meeting's zone, labelled). */
export function receiptReasonWords(
  reason: ReceiptReason,
  receipt: Omit<ReceiptWordsInput, 'reasons'>,
  t: Translate,
  time: (at: string) => string,
): string {
  const own = receipt.kind;
  const by = receipt.current?.kind ?? own;
  const at = reason.at ? time(reason.at) : null;
  const k = 'receiptReasons';
  switch (reason.code) {
    case 'counts':
    case 'counted':
      return t(`${k}.${reason.code}`, { kind: t(`${k}.kindStart.${own}`) });
    case 'replaced_same_kind':
    case 'replaced_precedence':
    case 'replaced_later':
      return t(`${k}.${reason.code}`, {
        by: t(`${k}.kind.${by}`),
        byMember: t(`${k}.kindOfMember.${by}`),
        its: t(`${k}.kindOfIts.${own}`),
        at: at ?? '',
      });
    case 'withdrawn':
      return at ? t(`${k}.withdrawnAt`, { at }) : t(`${k}.withdrawn`);
    case 'proxy_revoked':
      return at ? t(`${k}.proxyRevokedAt`, { at }) : t(`${k}.proxyRevoked`);
  }
}

/** Every reason of a receipt, in one or two sentences. */
export function receiptWords(
  receipt: ReceiptWordsInput,
  t: Translate,
  time: (at: string) => string,
): string {
  return receipt.reasons
    .map((reason) => receiptReasonWords(reason, receipt, t, time))
    .join(' ');
}
