import type { LiveMatter } from '@livevote/contracts';
import { verdictWords } from '@livevote/i18n';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const LAST_MINUTE_MS = 60_000;

interface Seen {
  liveStatus: LiveMatter['liveStatus'];
  verdict: string | null;
  liveEndsAt: string | null;
}

/**
 * What a screen reader should hear, politely and never every second: a vote opening or
 * closing, its last minute, and its result. The first state seen is not announced (the page
 * says it already); later changes are.
 */
export function useVoteAnnouncements(
  matters: readonly LiveMatter[],
  offsetMs: number,
): string {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const seen = useRef<Map<string, Seen>>(null);

  useEffect(() => {
    const before = seen.current;
    const now = new Map<string, Seen>();
    const news: string[] = [];
    for (const matter of matters) {
      const state: Seen = {
        liveStatus: matter.liveStatus,
        verdict: matter.result?.verdict ?? null,
        liveEndsAt: matter.liveEndsAt,
      };
      now.set(matter.matterKey, state);
      const was = before?.get(matter.matterKey);
      if (!before) continue;
      if (state.liveStatus === 'live' && was?.liveStatus !== 'live')
        news.push(t('room.announce.opened', { name: matter.name }));
      else if (state.liveStatus === 'closed' && was?.liveStatus === 'live')
        news.push(t('room.announce.closed', { name: matter.name }));
      if (state.verdict && state.verdict !== was?.verdict && matter.result)
        news.push(
          t('room.announce.result', {
            name: matter.name,
            verdict: verdictWords(matter.result.verdict, t),
            elected: matter.result.elected.length
              ? `, ${matter.result.elected.join(', ')}`
              : '',
          }),
        );
    }
    seen.current = now;
    if (news.length) setMessage(news.join(' '));
  }, [matters, t]);

  // one announcement when a live vote enters its last minute, by the server's clock
  const lastMinute = matters
    .filter((matter) => matter.liveStatus === 'live' && matter.liveEndsAt)
    .map((matter) => `${matter.matterKey}|${matter.liveEndsAt}|${matter.name}`)
    .join('\n');
  useEffect(() => {
    const timers = lastMinute
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [, endsAt, name] = line.split('|');
        const dueMs =
          Date.parse(endsAt) - LAST_MINUTE_MS - (Date.now() + offsetMs);
        if (dueMs < 0) return undefined;
        return setTimeout(
          () => setMessage(t('room.announce.lastMinute', { name })),
          dueMs,
        );
      });
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, [lastMinute, offsetMs, t]);

  return message;
}
