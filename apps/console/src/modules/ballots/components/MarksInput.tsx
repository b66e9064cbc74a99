import type { MarkableMatter, MarksDraft } from '../utils/marks';
import { AllocationInput } from './AllocationInput';
import { ChoiceInput } from './ChoiceInput';
import { RankingInput } from './RankingInput';

export interface MarksInputProps {
  /** Prefix of the ids inside (one per form); `${id}-hint` is the hint's id. */
  id: string;
  matter: MarkableMatter;
  value: MarksDraft;
  onChange: (next: MarksDraft) => void;
}

/**
 * Marking a ballot in its matter's voting method, the same everywhere a ballot is marked
 * (the portal, early ballots and proxy directions, holders' splits, floor sheets, ballots a
 * manager records): choices, a ranking tapped in order, or votes placed with steppers.
 */
export function MarksInput(props: MarksInputProps) {
  switch (props.matter.votingMethod) {
    case 'ranked':
      return <RankingInput {...props} />;
    case 'cumulative':
      return <AllocationInput {...props} />;
    default:
      return <ChoiceInput {...props} />;
  }
}
