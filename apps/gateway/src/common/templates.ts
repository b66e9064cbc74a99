import { Eta } from 'eta';

export type RenderTemplate = (name: string, data: object) => string;

/**
 * HTML templates (eta) for mail and server pages. `<%= %>` escapes; `<%~ %>` only ever takes
 * HTML another template rendered, or markup already sanitized. The templates are strings in
 * TypeScript, compiled once at start, not .eta files: `tsc -b` ships them without a copy step
 * and vitest reads them as they are. Names start with `@`, as eta wants of named templates.
 */
export function htmlTemplates(sources: Record<string, string>): RenderTemplate {
  const eta = new Eta({ autoEscape: true, autoTrim: false, cache: true });
  for (const [name, source] of Object.entries(sources))
    eta.loadTemplate(name, source);
  return (name, data) => eta.render(name, data);
}
