import type { PortalMeeting } from '@livevote/contracts';
import { useState } from 'react';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import {
  useCastBallot,
  useOwnBallot,
  type BallotTarget,
} from '../hooks/useBallot';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { BallotForm } from './BallotForm';
import { BallotReceipt } from './BallotReceipt';
import { useTranslation } from 'react-i18next';
import type { BallotBody } from '@livevote/rules';
import { draftOf, labelOf, type MarksDraft } from '../../ballots/utils/marks';
import { marksText } from '../../ballots/utils/marks-words';

export type PortalMatter = PortalMeeting['matters'][number];

/** `live`: voting open now; `early`: a proxy ballot before expiryDate; `closed`: no more votes. */
export type BallotMode = 'live' | 'early' | 'closed';

export interface BallotPanelProps {
  target: BallotTarget;
  matter: PortalMatter;
  mode: BallotMode;
}

interface Pending {
  body: BallotBody;
  marks: MarksDraft;
  idempotencyKey: string;
}

/** Choose, confirm, get a receipt; change the vote while it is open. */
export function BallotPanel({ target, matter, mode }: BallotPanelProps) {
  const { t } = useTranslation();
  const own = useOwnBallot(target);
  const cast = useCastBallot(target);
  const [changing, setChanging] = useState(false);
  const [pending, setPending] = useState<Pending>();
  const [draft, setDraft] = useState<MarksDraft>();
  const [justCast, setJustCast] = useState(false);
  // the voter reads the labels in their language; the ballot names the canonical options
  const label = (option: string) => labelOf(matter, option);

  if (!matter.eligible) return <p>{t('portal.ballot.notEligible')}</p>;
  if (own.isPending) return <Loading label={t('portal.ballot.loading')} />;
  if (own.error) return <ErrorMessage error={own.error} />;
  const ballot = own.data;

  if (mode === 'closed') {
    // the voter's own receipt stays beside the result (docs/verdicts.md)
    return (
      <div className="stack-small">
        <p className="closed-note">
          {t('portal.ballot.closed')}
          {!ballot && ` ${t('portal.ballot.didNotVote')}`}
        </p>
        {ballot && (
          <BallotReceipt ballot={ballot} target={target} label={label} />
        )}
      </div>
    );
  }

  if (pending) {
    return (
      <div
        className="confirm"
        role="group"
        aria-labelledby={`confirm-${matter.matterKey}`}
      >
        <h4 id={`confirm-${matter.matterKey}`}>
          {t('portal.ballot.confirmTitle')}
        </h4>
        <p>
          {t('portal.ballot.youChose')}{' '}
          <strong>
            {marksText(t, matter.votingMethod, pending.marks, label)}
          </strong>
        </p>
        <ErrorMessage error={cast.error} />
        <div className="button-row">
          <button
            type="button"
            className="primary big"
            autoFocus
            disabled={cast.isPending}
            onClick={() =>
              cast.mutate(
                {
                  body: pending.body,
                  idempotencyKey: pending.idempotencyKey,
                  method: mode === 'early' ? 'proxy' : 'live',
                },
                {
                  onSuccess: () => {
                    setPending(undefined);
                    setChanging(false);
                    setJustCast(true);
                  },
                },
              )
            }
          >
            {cast.isPending
              ? t('portal.ballot.sending')
              : t('portal.ballot.confirm')}
          </button>
          <button
            type="button"
            className="secondary big"
            disabled={cast.isPending}
            onClick={() => {
              cast.reset();
              setDraft(pending.marks);
              setPending(undefined);
            }}
          >
            {t('portal.ballot.back')}
          </button>
        </div>
      </div>
    );
  }

  if (!ballot || changing) {
    return (
      <BallotForm
        question={matter.header || matter.name}
        questionHidden={!matter.header}
        // the card shows the candidates' statements above the ballot, once (MatterCard)
        matter={{ ...matter, candidates: [] }}
        initial={draft ?? draftOf(ballot, matter)}
        onSubmit={(body, marks) =>
          setPending({ body, marks, idempotencyKey: newIdempotencyKey() })
        }
      />
    );
  }

  return (
    <div className="stack-small">
      <BallotReceipt
        ballot={ballot}
        focus={justCast}
        target={target}
        label={label}
      />
      <button
        type="button"
        className="secondary wide"
        onClick={() => {
          setJustCast(false);
          setChanging(true);
        }}
      >
        {t('portal.ballot.change')}
      </button>
    </div>
  );
}
