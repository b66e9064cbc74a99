import { isEarlyVotingOpen } from '@livevote/rules';
import type { MeetingRow } from '../meetings/meeting-access.service';
import { ProxyErrorCode, ProxyException } from './proxies.exception';

/** Proxies are given, replaced and withdrawn only while early voting is open. */
export function requireProxyWindowOpen(meeting: MeetingRow, now: Date): void {
  if (!isEarlyVotingOpen(meeting, now))
    throw new ProxyException(ProxyErrorCode.ProxyClosed);
}
