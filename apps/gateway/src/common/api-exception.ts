import { translator, type Translate } from '@livevote/i18n';

/**
 * A text as a catalog key and the values its placeholders take: the problem details filter
 * says it in the reader's language (docs/i18n.md).
 */
export interface ProblemText {
  key: string;
  values?: Record<string, unknown>;
}

/**
 * One itemised problem (e.g. one per file line): its fields as they are, but a `message`
 * given as a catalog text, which is worded in the reader's language.
 */
export interface ProblemItem {
  [field: string]: unknown;
  message: string | ProblemText;
}

/**
 * Which of a code's texts a problem says, and the values its placeholders take: the catalog
 * key is `problems.<code>`, or `problems.<code>_<variant>` where one code has more than one
 * text (docs/i18n.md).
 */
export interface ProblemWording {
  variant?: string;
  values?: Record<string, unknown>;
}

/** The catalog key of a code's text: `problems.<code>` or `problems.<code>_<variant>`. */
export function problemKey(code: string, variant?: string): string {
  return variant ? `problems.${code}_${variant}` : `problems.${code}`;
}

const english = translator('en');

/** A problem text in English: the exception's message, for logs and English readers. */
export function englishProblem(text: ProblemText): string {
  return english(text.key, text.values);
}

/** A failure a client can act on: becomes problem details with a stable `code`. */
export class ApiException extends Error {
  /** The message as a catalog key, when it has one; else `message` is shown as is. */
  readonly text?: ProblemText;

  constructor(
    readonly status: number,
    readonly code: string,
    /** The code's catalog text (`problemKey`); a string is shown as written, in English. */
    wording: ProblemWording | string = {},
    readonly headers: Record<string, string> = {},
    /** Itemised problems (e.g. one per file line), output as the problem's `errors`. */
    readonly items?: readonly ProblemItem[],
  ) {
    const text =
      typeof wording === 'string'
        ? undefined
        : { key: problemKey(code, wording.variant), values: wording.values };
    super(text ? englishProblem(text) : (wording as string));
    this.name = 'ApiException';
    this.text = text;
  }

  /** The itemised problems, each `message` worded by `t` (English by default). */
  errors(
    t: Translate = english,
  ): readonly Record<string, unknown>[] | undefined {
    return this.items?.map(({ message, ...fields }) => ({
      ...fields,
      message:
        typeof message === 'string' ? message : t(message.key, message.values),
    }));
  }
}

/** The ApiException an error is, or was caused by (drizzle wraps what a driver throws). */
export function apiExceptionOf(error: unknown): ApiException | undefined {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof ApiException) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
