import type { ProxyDirection, ProxyHolderInput } from '@livevote/contracts';
import { z } from 'zod';
import { WORDED } from '../../ui/hooks/useContractForm';
import {
  directionsPayload,
  type DirectableMatter,
  type Directions,
} from '../components/DirectionFields';

/** The holder picked from the list, or this value for someone named on the form. */
export const NAMED = '';

/**
 * What a proxy form holds before it becomes the request: `holder.name` and `holder.email`
 * share the request's paths, so the contract's problems land on the boxes that hold them.
 */
export interface ProxyDraft {
  holderChoice: string;
  holder: { name: string; email: string };
  directions: Directions;
  signedName: string;
}

export function holderInput(draft: ProxyDraft): ProxyHolderInput {
  return draft.holderChoice === NAMED
    ? {
        isDefault: false,
        name: draft.holder.name.trim(),
        email: draft.holder.email.trim(),
      }
    : { isDefault: true, name: draft.holderChoice };
}

/**
 * A proxy draft whose directions fit their matters by the gateway's rule (libs/rules, through
 * `directionsPayload`), and whatever else the form must hold (`more`), each said alone in the
 * form's summary as the form has always said it. The request is built only from a draft that
 * passed.
 */
export function checkedDraft<Draft extends ProxyDraft>(
  matters: readonly DirectableMatter[],
  problemDirect: string,
  more: (draft: Draft) => string | undefined = () => undefined,
) {
  return z.custom<Draft>().superRefine((draft, context) => {
    const problem = directionsPayload(matters, draft.directions)
      ? more(draft)
      : problemDirect;
    if (problem)
      context.addIssue({
        code: 'custom',
        path: [],
        message: problem,
        params: WORDED,
      });
  });
}

/** The directions of a checked draft, as the gateway takes them. */
export function directionsOf(
  matters: readonly DirectableMatter[],
  draft: ProxyDraft,
): ProxyDirection[] {
  return directionsPayload(matters, draft.directions) ?? [];
}
