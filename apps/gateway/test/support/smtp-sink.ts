import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: PostalMime.Email;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for the gateway's SMTP_URL. */
  url: string;
  /** Every accepted message, in order; parsed before the server answers 250. */
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Recipients answered with 550, as a mail server refuses a mailbox. */
  refuse?: (address: string) => boolean;
}

/** A real SMTP server on a loopback port that keeps what it receives. */
export async function startSmtpSink(
  options: SmtpSinkOptions = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = new Error('Mailbox unavailable') as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw, { attachmentEncoding: 'utf8' }).then((parsed) => {
          messages.push({
            envelope: {
              from: session.envelope.mailFrom
                ? session.envelope.mailFrom.address
                : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw,
            parsed,
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
