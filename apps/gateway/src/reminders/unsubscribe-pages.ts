import type { UnsubscribeResult } from '@livevote/contracts';
import { pagePolicy } from '../common/security-headers';
import { htmlTemplates } from '../common/templates';
import type { UnsubscribeScope } from './unsubscribe-tokens.service';

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

const render = htmlTemplates({
  '@page':
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title><%= it.title %></title>' +
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>' +
    '</head><body><main><h1><%= it.title %></h1><%~ it.body %></main></body></html>',
  '@confirm':
    "<% layout('@page') %>" +
    '<p>Stop <%= it.what %> about <strong><%= it.meetingName %></strong> to <strong><%= it.email %></strong>?</p>' +
    '<form method="post" action="<%= it.action %>"><button type="submit">Unsubscribe</button></form>',
  '@message': "<% layout('@page') %><p><%= it.message %></p>",
  '@unsubscribed':
    "<% layout('@page') %>" +
    '<p><%= it.what %> about <strong><%= it.meetingName %></strong> at <strong><%= it.email %></strong>.</p>',
});

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
    html: render('@confirm', {
      title: 'Unsubscribe',
      what: WHAT[preview.scope],
      meetingName: preview.meetingName,
      email: preview.email,
      action,
    }),
  };
}

export function invalidLinkPage(message: string, status: number) {
  return {
    status,
    html: render('@message', { title: 'Unsubscribe', message }),
  };
}

export function unsubscribedPage(result: UnsubscribeResult): string {
  const prefs = result.communicationPreferences;
  const what = prefs.disableAllEmails
    ? 'You will get no more e-mail'
    : 'You will get no more reminders';
  return render('@unsubscribed', {
    title: 'Unsubscribed',
    what,
    meetingName: result.meetingName,
    email: result.email,
  });
}
