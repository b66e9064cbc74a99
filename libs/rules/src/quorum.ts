export interface QuorumCount {
  /** Members with a voter connected to the meeting now. */
  present: number;
  /** Members not present who hold a proxy ballot on any matter of the meeting. */
  proxies: number;
}

export interface Quorum extends QuorumCount {
  /** The meeting's quorumMinimum, in members (units). */
  required: number;
  met: boolean;
}

/** The quorum figure: present and represented members against the meeting's minimum. */
export function quorumFigure(
  count: QuorumCount,
  quorumMinimum: number,
): Quorum {
  return {
    present: count.present,
    proxies: count.proxies,
    required: quorumMinimum,
    met: count.present + count.proxies >= quorumMinimum,
  };
}
