import type { MatterTallyRow } from '@livevote/contracts';

export interface TallyLine {
  option: string;
  votes: number;
  shares: number;
  /** Of those, the proxy ballots (early ballots and holders' votes). */
  proxyVotes: number;
}

/** Votes and shares of one option over every method (live, proxy, other). */
export function tallyLines(rows: readonly MatterTallyRow[]): TallyLine[] {
  return rows.map((row) => ({
    option: row.vote,
    votes: row.numLiveVotes + row.numProxyVotes + row.numOtherVotes,
    shares: row.numLiveShares + row.numProxyShares + row.numOtherShares,
    proxyVotes: row.numProxyVotes,
  }));
}
