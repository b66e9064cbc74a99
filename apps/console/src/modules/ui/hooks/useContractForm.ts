import { toNestErrors } from '@hookform/resolvers';
import { useId } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useNumber } from '../../../i18n/use-language';
import { problemOf, type Issue } from '../utils/validation';

/**
 * The contract's schema for a form whose draft is not the request itself (numbers typed as
 * text, tags as one line): the draft becomes the request, then the contract checks it, so an
 * issue's path is the request's field name, which the draft's field must share.
 */
export function draftOf<Draft, Request, Checked>(
  schema: z.ZodType<Checked, Awaited<Request>>,
  toRequest: (draft: Draft) => Request,
) {
  return z.custom<Draft>().transform(toRequest).pipe(schema);
}

type Schema = z.ZodType<unknown, FieldValues>;

export interface ContractFormOptions<S extends Schema> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Each field's label as the form shows it, to name it in the summary. */
  labels: Labels | ((draft: z.input<S>) => Labels);
}

/** By the request's field names, which the draft's fields share (a request may hold more). */
type Labels = Partial<Record<string, string>>;

export interface FieldOptions {
  /** Ids of hints the field already points at. */
  describedBy?: string;
}

/** The first field error in the order the contract reported it, with its dotted name. */
function firstError(
  errors: FieldErrors,
  prefix = '',
): { name: string; message: string } | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const name = prefix + key;
    if (typeof value.type === 'string')
      return { name, message: String(value.message ?? '') };
    const nested = firstError(value as FieldErrors, `${name}.`);
    if (nested) return nested;
  }
  return undefined;
}

/** The params of a form's own check whose message is already in the console's language. */
export const WORDED = { worded: true } as const;

function isWorded(issue: Issue): boolean {
  return 'params' in issue && (issue.params as typeof WORDED)?.worded === true;
}

/**
 * Checks the draft with the contract's schema, as `zodResolver` does, but words each problem
 * from the whole zod issue (its origin and bounds, or the contract's own words) in the
 * console's language: `zodResolver` keeps only an issue's message, and a message the contract
 * sets in the schema outranks any error map, so it would stay in English.
 */
export function contractResolver<S extends Schema>(
  schema: S,
  problem: (issue: Issue) => string,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues)
      errors[issue.path.join('.')] ??= {
        type: issue.code,
        message: problem(issue),
      };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * A form on react-hook-form checked by a libs/contracts schema when it is sent (never while
 * typing). It gives each field its id, `aria-invalid` and, when wrong, `aria-describedby` to
 * the summary: the first problem, named by its label in the console's language ("Voter
 * e-mail: invalid address"). react-hook-form focuses the first wrong field.
 */
export function useContractForm<S extends Schema>({
  schema,
  defaultValues,
  labels,
}: ContractFormOptions<S>) {
  type Draft = z.input<S>;
  const id = useId();
  const { t } = useTranslation();
  const number = useNumber();
  const form: UseFormReturn<Draft, unknown, z.output<S>> = useForm<
    Draft,
    unknown,
    z.output<S>
  >({
    defaultValues,
    reValidateMode: 'onSubmit',
    resolver: contractResolver(schema, (issue) =>
      isWorded(issue)
        ? issue.message
        : problemOf(issue, t, (value) => number(value, 0)),
    ),
  });

  const summaryId = `${id}-invalid`;
  const first = firstError(form.formState.errors);
  let summary: string | undefined;
  if (first) {
    const named = typeof labels === 'function' ? labels(form.watch()) : labels;
    // a list's item goes by the list's label ("Alternate e-mails: invalid address")
    const field = first.name
      ? (named[first.name] ?? named[first.name.split('.')[0]!] ?? first.name)
      : undefined;
    summary = field
      ? t('forms.issue', { field, problem: first.message })
      : first.message;
  }

  const idOf = (name: Path<Draft>) => `${id}-${name.replaceAll('.', '-')}`;

  function field(name: Path<Draft>, { describedBy }: FieldOptions = {}) {
    const invalid = get(form.formState.errors, name) !== undefined;
    const described = [describedBy, invalid ? summaryId : undefined]
      .filter(Boolean)
      .join(' ');
    return {
      ...form.register(name),
      id: idOf(name),
      'aria-invalid': invalid || undefined,
      'aria-describedby': described || undefined,
    };
  }

  return { form, id, idOf, field, summary, summaryId };
}
