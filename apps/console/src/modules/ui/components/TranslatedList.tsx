import type { ReactNode } from 'react';

export interface TranslatedListProps {
  /** "Options in French". */
  legend: string;
  hint: string;
  hintId: string;
  /** The canonical items, as typed in the canonical field (one a line). */
  items: readonly string[];
  /** Each item's translation's label ("French label of “For”"). */
  labelOf: (item: string) => string;
  /** The id of the control for the item at `index`. */
  idOf: (index: number) => string;
  /** The control for the item at `index`, pointing at `hintId`. */
  control: (index: number) => ReactNode;
}

/**
 * A list whose items are translated one by one beside the canonical ones (a matter's options,
 * the question categories): each canonical item | its translation, in the same order and
 * number, as the contract asks (docs/i18n.md).
 */
export function TranslatedList({
  legend,
  hint,
  hintId,
  items,
  labelOf,
  idOf,
  control,
}: TranslatedListProps) {
  return (
    <fieldset className="field translated-list">
      <legend>{legend}</legend>
      <p className="hint" id={hintId}>
        {hint}
      </p>
      {items.map((item, index) => (
        <div className="translated-item" key={index}>
          <label htmlFor={idOf(index)}>{labelOf(item)}</label>
          {control(index)}
        </div>
      ))}
    </fieldset>
  );
}
