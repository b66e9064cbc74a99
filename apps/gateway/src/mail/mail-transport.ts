export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
  /** Content-ID of an inline image, referenced from the HTML as `cid:...`. */
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  /** Defaults to the configured MAIL_FROM. */
  from?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
}

/** The port every outgoing e-mail goes through; MailModule picks the adapter from config. */
export abstract class MailTransport {
  /** Resolves once the message is handed over (accepted by the SMTP server, or on disk). */
  abstract send(message: OutgoingMail): Promise<SentMail>;

  close(): Promise<void> {
    return Promise.resolve();
  }
}
