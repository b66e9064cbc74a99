import escapeHtml from 'escape-html';

export { escapeHtml };

export const paragraph = (text: string) =>
  `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

export const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
