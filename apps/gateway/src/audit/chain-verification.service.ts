import { Injectable } from '@nestjs/common';
import type { ChainHead } from '@livevote/contracts';
import { firstBadLink, GENESIS, type BadLink } from './chain';
import { ChainRepository } from './chain.repository';

const PAGE = 5000;

export interface ChainReport {
  ok: boolean;
  /** Links checked. */
  links: number;
  head: ChainHead | null;
  /** Entries not sealed yet (they are checked once sealed). */
  unsealed: number;
  /** The first link that does not hold. */
  bad: BadLink | null;
  /** A result's chain head that the recomputed chain does not have (the chain was rewritten). */
  badResultHead: { matterKey: string; position: number } | null;
}

/**
 * Recomputes a meeting's chain from its rows (docs/verifiability.md): every link's entry must
 * still read as it did when sealed, every hash must follow from the one before, and the heads
 * kept with the results must be links of the recomputed chain. Reads only.
 */
@Injectable()
export class ChainVerificationService {
  constructor(private readonly repository: ChainRepository) {}

  async verify(meetingId: string): Promise<ChainReport> {
    const heads = await this.repository.resultHeads(meetingId);
    const wanted = new Map<number, { matterId: string; hash: string }[]>();
    for (const head of heads)
      wanted.set(head.position, [
        ...(wanted.get(head.position) ?? []),
        { matterId: head.matterId, hash: head.hash },
      ]);
    let state = { previous: GENESIS, expected: 1 };
    let bad: BadLink | null = null;
    let badResultHead: ChainReport['badResultHead'] = null;
    for (;;) {
      const links = await this.repository.links(
        meetingId,
        state.expected - 1,
        PAGE,
      );
      const checked = firstBadLink(links, state);
      for (const link of links) {
        if (link.position >= checked.expected) break;
        for (const head of wanted.get(link.position) ?? [])
          if (head.hash !== link.hash && !badResultHead)
            badResultHead = {
              matterKey: head.matterId,
              position: link.position,
            };
      }
      state = { previous: checked.previous, expected: checked.expected };
      if (checked.bad) {
        bad = checked.bad;
        break;
      }
      if (links.length < PAGE) break;
    }
    const count = state.expected - 1;
    if (!bad && !badResultHead)
      badResultHead =
        heads
          .filter((head) => head.position > count)
          .map((head) => ({
            matterKey: head.matterId,
            position: head.position,
          }))[0] ?? null;
    return {
      ok: !bad && !badResultHead,
      links: count,
      head: count ? { position: count, hash: state.previous } : null,
      unsealed: await this.repository.unsealed(meetingId),
      bad,
      badResultHead,
    };
  }
}
