import type { QuorumEvent } from '@livevote/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';

/**
 * The one line that says how the quorum stands ("12 present + 3 by proxy = 15 of 20 units
 * needed"), for the control room, the big screen and the check-in desk alike.
 */
export function useQuorumLine(): (quorum: QuorumEvent) => string {
  const { t } = useTranslation();
  const number = useNumber();
  return useCallback(
    (quorum: QuorumEvent) => {
      const digits = quorum.basis === 'shares' ? 6 : 0;
      const figures = {
        present: number(quorum.present, digits),
        proxies: number(quorum.proxies, digits),
        counted: number(quorum.present + quorum.proxies, digits),
      };
      // "2 of 0 units needed" says nothing a chair can use
      if (quorum.required === 0) return t('live.quorumNone', figures);
      return t('live.quorumNeeded', {
        ...figures,
        required: number(quorum.required, digits),
        basis: t(`live.basis.${quorum.basis}`, { count: quorum.required }),
      });
    },
    [t, number],
  );
}

/**
 * How the quorum's present figure splits ("Present: 2 in person, 10 online; 3 by proxy"):
 * each way counted once (docs/presence.md).
 */
export function useQuorumSplit(): (quorum: QuorumEvent) => string {
  const { t } = useTranslation();
  const number = useNumber();
  return useCallback(
    (quorum: QuorumEvent) => {
      const digits = quorum.basis === 'shares' ? 6 : 0;
      return t('live.quorumSplit', {
        inPerson: number(quorum.presentInPerson, digits),
        online: number(quorum.presentOnline, digits),
        proxies: number(quorum.proxies, digits),
      });
    },
    [t, number],
  );
}
