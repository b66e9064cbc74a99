import {
  useConnectionProblem,
  useConnectionStatus,
} from '../../../api/live/use-live';

/** Whether live updates are flowing; loud only when they are not. */
export function ConnectionBanner() {
  const status = useConnectionStatus();
  const problem = useConnectionProblem();
  switch (status) {
    case 'online':
      return (
        <p className="connection connection-online" role="status">
          <span className="dot" aria-hidden="true" /> Live
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
