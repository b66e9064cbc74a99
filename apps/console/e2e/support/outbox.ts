import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { e2eContext } from './context';

/** The text of every message in the gateway's outbox addressed to `email`, newest first. */
export function mailsTo(
  email: string,
  outboxDir = e2eContext().outboxDir,
): string[] {
  return (
    readdirSync(outboxDir)
      // `<ISO time>-<id>.eml`: the name sorts by when it was written
      .sort()
      .reverse()
      .map((file) =>
        readFileSync(join(outboxDir, file), 'utf8')
          // quoted-printable: soft line breaks and `=3D` for `=`
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .filter((text) => text.includes(`To: ${email}`))
  );
}

/**
 * The first address matching `pattern` in the newest message to `email` that has one, once
 * there are more than `after` messages to that address (a resend is a new message).
 */
export async function linkMailedTo(
  email: string,
  pattern: RegExp,
  {
    after = 0,
    outboxDir = e2eContext().outboxDir,
  }: { after?: number; outboxDir?: string } = {},
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mails = mailsTo(email, outboxDir);
      if (mails.length <= after) return undefined;
      for (const text of mails) {
        link = pattern.exec(text)?.[0];
        if (link) return link;
      }
      return undefined;
    })
    .toBeTruthy();
  return link!;
}

/** The accept link of the newest invitation mailed to `email`. */
export function invitationLink(email: string): Promise<string> {
  return linkMailedTo(
    email,
    /https?:\/\/[^\s"<]+\/accept-invitation#token=[\w-]+/,
  );
}
