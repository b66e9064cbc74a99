import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useNumber } from '../../../i18n/use-language';
import { problemOf, ruleProblem } from '../utils/validation';

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
  labels: Labels<z.input<S>> | ((draft: z.input<S>) => Labels<z.input<S>>);
}

type Labels<Draft extends FieldValues> = Partial<Record<Path<Draft>, string>>;

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
    resolver: zodResolver(schema, {
      error: (issue) => problemOf(issue, t, (value) => number(value, 0)),
    }),
  });

  const summaryId = `${id}-invalid`;
  const first = firstError(form.formState.errors);
  const problem = first && (ruleProblem(first.message, t) ?? first.message);
  const named = typeof labels === 'function' ? labels(form.watch()) : labels;
  const label = first && named[first.name as Path<Draft>];
  const summary =
    first &&
    (first.name && (label ?? first.name)
      ? t('forms.issue', { field: label ?? first.name, problem })
      : problem);

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
