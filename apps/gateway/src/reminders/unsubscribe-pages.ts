import type { UnsubscribeResult } from '@livevote/contracts';
import { pagePolicy } from '../common/security-headers';
import { escapeHtml } from './mail-html';
import type { UnsubscribeScope } from './unsubscribe-tokens';

/** The token is in the address: no caching, no referrer, nothing loaded from elsewhere. */
export const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
};

export const unsubscribePagePolicy = pagePolicy({
  defaultSrc: ["'none'"],
  styleSrc: ["'unsafe-inline'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

export interface UnsubscribePage {
  status: number;
  html: string;
}

function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>',
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('');
}

const WHAT: Record<UnsubscribeScope, string> = {
  reminders: 'reminder e-mails',
  all: 'all e-mail',
};

/** The GET answer: asks before changing anything, so a link scanner opening it does no harm. */
export function confirmPage(
  preview: { email: string; meetingName: string; scope: UnsubscribeScope },
  token: string,
): UnsubscribePage {
  const action = `/portal/v1/unsubscribe?token=${encodeURIComponent(token)}`;
  return {
    status: 200,
    html: page(
      'Unsubscribe',
      `<p>Stop ${WHAT[preview.scope]} about <strong>${escapeHtml(preview.meetingName)}</strong> to <strong>${escapeHtml(preview.email)}</strong>?</p>` +
        `<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
    ),
  };
}

export function invalidLinkPage(message: string, status: number) {
  return {
    status,
    html: page('Unsubscribe', `<p>${escapeHtml(message)}</p>`),
  };
}

export function unsubscribedPage(result: UnsubscribeResult): string {
  const prefs = result.communicationPreferences;
  const what = prefs.disableAllEmails
    ? 'You will get no more e-mail'
    : 'You will get no more reminders';
  return page(
    'Unsubscribed',
    `<p>${what} about <strong>${escapeHtml(result.meetingName)}</strong> at <strong>${escapeHtml(result.email)}</strong>.</p>`,
  );
}
