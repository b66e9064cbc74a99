import {
  useConnectionProblem,
  useConnectionStatus,
} from '../../../api/live/use-live';

/**
 * Whether live updates are flowing; loud only when they are not. It says "Connected", never
 * "Live": beside "No vote is open" a green "Live" read as if a vote were open.
 */
export function ConnectionBanner() {
  const status = useConnectionStatus();
  const problem = useConnectionProblem();
  switch (status) {
    case 'online':
      return (
        <p
          className="connection connection-online"
          role="status"
          title="Updates arrive by themselves"
        >
          <span className="dot" aria-hidden="true" /> Connected
        </p>
      );
    case 'connecting':
      return (
        <p className="connection connection-connecting" role="status">
          Connecting…
        </p>
      );
    case 'offline':
      return (
        <p className="connection connection-offline" role="alert">
          Offline — reconnecting. What you see may be out of date.
        </p>
      );
    case 'refused':
      return (
        <p className="connection connection-refused" role="alert">
          {problem ?? 'The live channel refused this connection.'}
        </p>
      );
  }
}
