import { htmlTemplates } from '../common/templates';

/** The HTML part of every mail. Names of people come through plainName before they get here. */
const render = htmlTemplates({
  '@layout': `<!doctype html><html lang="<%= it.lng %>"><body>
<% for (const part of it.parts) { %><%~ part %>
<% } %></body></html>`,

  '@paragraph': `<p><% it.text.split(/\\r?\\n/).forEach((line, i) => { %><% if (i) { %><br><% } %><%= line %><% }) %></p>`,

  '@link': `<a href="<%= it.href %>"><%= it.text %></a>`,

  '@linkParagraph': `<p><% if (it.small) { %><small><% } %><% if (it.label) { %><%= it.label %> <% } %><%~ include('@link', it) %><% if (it.small) { %></small><% } %></p>`,

  '@signature': `<div class="signature"><%~ it.sanitized %></div>`,

  '@facts': `<table role="presentation"><% for (const [name, value] of it.rows) { %><tr><th align="left"><%= name %></th><td><%= value %></td></tr><% } %></table>`,

  '@list': `<% if (it.title) { %><h3><%= it.title %></h3><% } %><ul><% for (const item of it.items) { %><li><%= item %></li><% } %></ul>`,

  '@invite': `<!doctype html><html lang="<%= it.lng %>"><body>
<%~ include('@paragraph', { text: it.greeting }) %>
<%~ include('@paragraph', { text: it.intro }) %>
<%~ include('@facts', { rows: it.facts }) %>
<% if (it.description) { %><%~ include('@paragraph', { text: it.description }) %>
<% } %><%~ include('@linkParagraph', { href: it.portalLink, text: it.joinText }) %>
<%~ include('@paragraph', { text: it.linkNote }) %>
<% if (it.videoLink) { %><%~ include('@linkParagraph', { label: it.videoLabel, href: it.videoLink, text: it.videoText }) %>
<% } %><%~ include('@paragraph', { text: it.checkInNote }) %>
<p><img src="cid:<%= it.qrCid %>" width="200" height="200" alt="<%= it.qrAlt %>"></p>
<p style="font-family:monospace;font-size:1.4em"><%= it.checkInCode %></p>
<%~ include('@linkParagraph', { label: it.meetingPageLabel, href: it.meetingUrl, text: it.meetingUrl }) %>
<% if (it.questions) { %><%~ include('@paragraph', { text: it.questions }) %>
<% } %></body></html>`,

  '@proxy': `<!doctype html><html lang="<%= it.lng %>"><body>
<% for (const text of it.before) { %><%~ include('@paragraph', { text }) %>
<% } %><% if (it.list.length) { %><%~ include('@list', { items: it.list }) %>
<% } %><% for (const text of it.after) { %><%~ include('@paragraph', { text }) %>
<% } %><% if (it.link) { %><%~ include('@linkParagraph', { href: it.link, text: it.linkText }) %>
<% } %></body></html>`,
});

/** A paragraph of text; its line breaks kept. */
export const paragraphHtml = (text: string) => render('@paragraph', { text });

export const linkHtml = (href: string, text: string) =>
  render('@link', { href, text });

/** A link alone in its paragraph: after a label, or in small print. */
export const linkParagraphHtml = (
  href: string,
  text: string,
  options: { label?: string; small?: boolean } = {},
) => render('@linkParagraph', { href, text, ...options });

/** Name and value rows, as the meeting facts of a mail. */
export const factsHtml = (rows: [string, string][]) =>
  render('@facts', { rows });

export const listHtml = (items: string[], title?: string) =>
  render('@list', { items, title });

/** The manager's signature, already through sanitizeRichText. */
export const signatureHtml = (sanitized: string) =>
  render('@signature', { sanitized });

/** A whole mail from parts rendered by the functions above. */
export const layoutHtml = (lng: string, parts: string[]) =>
  render('@layout', { lng, parts });

export interface InviteHtml {
  lng: string;
  greeting: string;
  intro: string;
  facts: [string, string][];
  description: string;
  portalLink: string;
  joinText: string;
  linkNote: string;
  /** The voter's own link into the video room (docs/webcast.md), when the webcast has one. */
  videoLink?: string | null;
  videoLabel?: string;
  videoText?: string;
  checkInNote: string;
  qrCid: string;
  qrAlt: string;
  checkInCode: string;
  meetingPageLabel: string;
  meetingUrl: string;
  questions: string;
}

export const inviteHtml = (view: InviteHtml) => render('@invite', view);

export interface ProxyHtml {
  lng: string;
  before: string[];
  list: string[];
  after: string[];
  link?: string;
  linkText: string;
}

export const proxyHtml = (view: ProxyHtml) => render('@proxy', view);
