import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pagePolicy } from '../common/security-headers';
import { htmlTemplates } from '../common/templates';
import type { AuthorizeRequest } from './partner-authorize.service';
import { redirectOrigin } from './redirect-uris';

export const AUTHORIZE_PATH = '/login/oauth/authorize';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:30rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 3px #0002}
h1{font-size:1.35rem;margin-top:0}label{display:block;margin-top:.9rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #8a93a6;border-radius:4px}
.hint{font-weight:400;color:#4a5368}.error{background:#fde8e8;border:1px solid #c81e1e;padding:.6rem;border-radius:4px}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}button{font-size:1rem;padding:.55rem 1rem;border-radius:4px;border:1px solid #1d2330;cursor:pointer}
button[value=approve]{background:#1a56db;border-color:#1a56db;color:#fff}button[value=deny]{background:#fff}
code{word-break:break-all}`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Where the answer's form may post: its redirect URI's origin besides ours, or nowhere. */
const formTargets = new WeakMap<ServerResponse, string>();

const authorizePagePolicy = pagePolicy({
  defaultSrc: ["'none'"],
  styleSrc: [STYLE_HASH],
  formAction: [
    (_req, res) => {
      const target = formTargets.get(res);
      return target ? `'self' ${redirectOrigin(target)}` : `'none'`;
    },
  ],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
});

/** Headers of every page and redirect of the permission flow, besides every answer's. */
export function setPageHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  formTarget?: string,
): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  if (formTarget) formTargets.set(res, formTarget);
  authorizePagePolicy(req, res);
}

const render = htmlTemplates({
  '@layout': `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title><%= it.title %> · LiveVote</title>
<style><%~ it.style %></style>
</head>
<body>
<main>
<%~ it.body %>
</main>
</body>
</html>
`,
  '@form': `<% layout('@layout') %><h1>Allow <strong><%= it.partner %></strong> to see your campaigns?</h1>
<p><strong><%= it.partner %></strong> asks for <strong>read-only</strong> access to the campaigns
(meetings) of every LiveVote account you belong to:</p>
<ul>
<li>their names, descriptions, dates, locations and status;</li>
<li>vote counts: ballots submitted, the voter pool and RSVPs.</li>
</ul>
<p>It cannot change anything, and it does not see voters, their contact details or how
anyone voted.</p>
<p>Afterwards you return to <code><%= it.returnTo %></code>.</p>
<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>
<form method="post" action="<%= it.action %>">
<% for (const [name, value] of it.hidden) { %><% if (value !== undefined) { %><input type="hidden" name="<%= name %>" value="<%= value %>"><% } %>
<% } %><label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" value="<%= it.email %>">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password">
<label for="totp">One-time code <span class="hint">(only if you use an authenticator app)</span></label>
<input id="totp" name="totp" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
<div class="actions">
<button type="submit" name="action" value="approve">Sign in and allow</button>
<button type="submit" name="action" value="deny">Deny</button>
</div>
</form>`,
  '@error': `<% layout('@layout') %><h1>This link cannot be used</h1>
<p class="error" role="alert"><%= it.message %></p>
<p>Go back to the application you came from and start again. If it keeps happening, tell
that application's support team.</p>`,
});

export interface AuthorizeFormView {
  request: AuthorizeRequest;
  csrfToken: string;
  email?: string;
  error?: string;
}

/** The sign-in and consent form: plain HTML, no script; every value escaped. */
export function renderAuthorizeForm(view: AuthorizeFormView): string {
  const { request } = view;
  return render('@form', {
    title: `Allow ${request.clientName} to see your campaigns?`,
    style: STYLE,
    partner: request.clientName,
    returnTo: redirectOrigin(request.redirectUri),
    error: view.error,
    action: AUTHORIZE_PATH,
    hidden: [
      ['_csrf', view.csrfToken],
      ['response_type', 'code'],
      ['client_id', request.clientId],
      ['redirect_uri', request.redirectUri],
      ['scope', 'read'],
      ['state', request.state],
      ['code_challenge', request.codeChallenge],
      ['code_challenge_method', request.codeChallenge ? 'S256' : undefined],
    ],
    email: view.email ?? '',
  });
}

/** An error that must not send the browser anywhere (unknown client or redirect URI, CSRF). */
export function renderErrorPage(message: string): string {
  return render('@error', {
    title: 'This link cannot be used',
    style: STYLE,
    message,
  });
}
