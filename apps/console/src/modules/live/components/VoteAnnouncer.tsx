import type { LiveMatter } from '@livevote/contracts';
import { useVoteAnnouncements } from '../hooks/useVoteAnnouncements';

/** A polite live region for votes opening, closing, their last minute and results. */
export function VoteAnnouncer({
  matters,
  offsetMs,
}: {
  matters: readonly LiveMatter[];
  offsetMs: number;
}) {
  const message = useVoteAnnouncements(matters, offsetMs);
  return (
    <p
      className="sr-only"
      role="status"
      aria-live="polite"
      data-announcer="votes"
    >
      {message}
    </p>
  );
}
