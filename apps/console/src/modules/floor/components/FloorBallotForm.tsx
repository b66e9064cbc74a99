import {
  CreateMemberRequest,
  type FloorBallotRequest,
  type FloorBallotResponse,
  type LiveMatter,
  type Member,
} from '@livevote/contracts';
import type { TFunction } from 'i18next';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { MarksInput } from '../../ballots/components/MarksInput';
import {
  bodyOf,
  stepVotes,
  toggleRank,
  type MarksDraft,
} from '../../ballots/utils/marks';
import { marksText } from '../../ballots/utils/marks-words';
import { Alert } from '../../ui/components/Alert';
import { useContractForm } from '../../ui/hooks/useContractForm';
import { useErrorText } from '../../ui/hooks/useErrorText';
import { useFindUnit, useRecordFloorBallot } from '../hooks/useFloorBallots';
import { ballotSchema } from '../utils/ballot-schema';
import { optionIndexOfKey, toggleChoice } from '../utils/choices';

/** The unit typed at the keyboard, checked as the contract checks a member's unit. */
const UnitLookUp = CreateMemberRequest.pick({ unit: true });
const NO_UNIT = { unit: '' };

export interface FloorBallotFormProps {
  shortCode: string;
  matter: LiveMatter;
  doubleEntry: boolean;
}

function outcomeWords(
  t: TFunction,
  unit: string,
  chosen: string,
  result: FloorBallotResponse,
) {
  const values = { unit, chosen };
  switch (result.status) {
    case 'counted':
      return t('floor.outcome.counted', values);
    case 'pending':
      return t('floor.outcome.pending', values);
    case 'mismatch':
      return t('floor.outcome.mismatch', values);
  }
}

/**
 * Keyboard-fast floor ballots: type the unit, Enter; press the option's digit, Enter to save;
 * the cursor is back in the unit box for the next sheet (docs/hybrid-meetings.md).
 */
export function FloorBallotForm({
  shortCode,
  matter,
  doubleEntry,
}: FloorBallotFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const unitRef = useRef<HTMLInputElement>(null);
  const choicesRef = useRef<HTMLDivElement>(null);
  const findUnit = useFindUnit(shortCode);
  const record = useRecordFloorBallot(shortCode, matter.matterKey);
  const unitLabel = t('floor.unit');
  const lookUpForm = useContractForm({
    schema: UnitLookUp,
    defaultValues: NO_UNIT,
    labels: { unit: unitLabel },
  });
  const unitField = lookUpForm.field('unit');
  const [member, setMember] = useState<Member | null>(null);
  // the gateway's rule for a ballot that fits its matter (libs/rules)
  const schema = useMemo(() => ballotSchema(matter, t), [matter, t]);
  const choicesLabel = t('floor.choicesFor', { unit: member?.unit ?? '' });
  const method = matter.votingMethod;
  const {
    form,
    id: formId,
    summary,
    summaryId,
  } = useContractForm({
    schema,
    defaultValues: { choices: [], votes: [] },
    labels: { choices: choicesLabel },
  });
  const chosen = form.watch('choices');
  const marks: MarksDraft = {
    choices: chosen,
    votes: form.watch('votes') ?? [],
  };
  const setMarks = (next: MarksDraft) => {
    form.setValue('choices', next.choices);
    form.setValue('votes', next.votes);
  };
  // a digit marks its option: chooses it, ranks it next (again: unranks it), or adds a vote
  const toggle = (index: number) => {
    const option = matter.options[index];
    if (option === undefined) return;
    const current: MarksDraft = {
      choices: form.getValues('choices'),
      votes: form.getValues('votes') ?? [],
    };
    if (method === 'ranked') setMarks(toggleRank(current, option));
    else if (method === 'cumulative')
      setMarks(stepVotes(current, matter.options, option, 1, matter.choices));
    else
      setMarks({
        choices: toggleChoice(
          current.choices,
          matter.options,
          index,
          matter.choices,
        ),
        votes: [],
      });
  };
  const [entry, setEntry] = useState<1 | 2>(1);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();

  // the choices take the keyboard once they are on the page (not a timer: hidden tabs skip frames)
  useEffect(() => {
    if (member) choicesRef.current?.focus();
  }, [member]);

  const backToUnit = () => {
    setMember(null);
    form.reset({ choices: [], votes: [] });
    lookUpForm.form.reset(NO_UNIT);
    unitRef.current?.focus();
  };

  const lookUp = lookUpForm.form.handleSubmit(async ({ unit: wanted }) => {
    setProblem(undefined);
    try {
      const found = await findUnit(wanted);
      if (!found) {
        setProblem(t('floor.noUnit', { unit: wanted }));
        return;
      }
      setMember(found);
      form.reset({ choices: [], votes: [] });
    } catch (error) {
      setProblem(errorText(error));
    }
  });

  // Enter does what the save button does, which waits for a choice
  const save = () => {
    if (member && chosen.length) void send();
  };
  const send = form.handleSubmit(({ choices, votes }) => {
    if (!member) return;
    setProblem(undefined);
    record.mutate(
      {
        memberKey: member.key,
        ...bodyOf(method, { choices, votes }),
        entry: doubleEntry ? entry : 1,
      } as FloorBallotRequest,
      {
        onSuccess: (result) => {
          setDone(
            outcomeWords(
              t,
              member.unit,
              marksText(t, method, { choices, votes }),
              result,
            ),
          );
          backToUnit();
        },
        onError: (error) => {
          setProblem(
            t('floor.unitProblem', {
              unit: member.unit,
              problem: errorText(error),
            }),
          );
          backToUnit();
        },
      },
    );
  });

  const onChoicesKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = optionIndexOfKey(event.key);
    if (index !== undefined) {
      event.preventDefault();
      toggle(index);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      backToUnit();
    }
  };

  return (
    <div className="floor-entry">
      {doubleEntry && (
        <fieldset className="inline-form">
          <legend>{t('floor.clerkTypes')}</legend>
          {([1, 2] as const).map((value) => (
            <label key={value} className="ballot-option">
              <input
                type="radio"
                name={`${id}-entry`}
                checked={entry === value}
                onChange={() => setEntry(value)}
              />
              {t('floor.entry', { n: value })}
            </label>
          ))}
        </fieldset>
      )}
      <form
        className="floor-unit"
        onSubmit={(event) => {
          // an empty box is a stray Enter between sheets: nothing to look up, nothing to say
          if (lookUpForm.form.getValues('unit').trim()) void lookUp(event);
          else event.preventDefault();
        }}
      >
        {lookUpForm.summary && (
          <Alert id={lookUpForm.summaryId}>{lookUpForm.summary}</Alert>
        )}
        <label className="field stacked">
          <span>{unitLabel}</span>
          <input
            autoFocus
            autoComplete="off"
            inputMode="text"
            {...unitField}
            ref={(input) => {
              unitRef.current = input;
              unitField.ref(input);
            }}
            onChange={(event) => {
              setMember(null);
              return unitField.onChange(event);
            }}
          />
        </label>
        <p className="hint">{t('floor.hint')}</p>
      </form>
      {member && (
        <div
          ref={choicesRef}
          tabIndex={0}
          role="group"
          aria-label={choicesLabel}
          aria-invalid={summary ? true : undefined}
          aria-describedby={summary ? summaryId : undefined}
          onKeyDown={onChoicesKey}
          className="panel"
        >
          <p>
            <strong>{t('common.unitNamed', { unit: member.unit })}</strong>
            {matter.choices > 1 && (
              <span className="muted">
                {' '}
                {t('floor.upTo', { n: matter.choices })}
              </span>
            )}
          </p>
          {summary && <Alert id={summaryId}>{summary}</Alert>}
          {method !== 'plurality' ? (
            <MarksInput
              id={formId}
              matter={matter}
              value={marks}
              onChange={setMarks}
            />
          ) : (
            <ul className="floor-options">
              {matter.options.map((option, index) => (
                <li key={option} aria-checked={chosen.includes(option)}>
                  <label className="ballot-option">
                    <input
                      type={matter.choices > 1 ? 'checkbox' : 'radio'}
                      name={`${id}-choice`}
                      tabIndex={-1}
                      checked={chosen.includes(option)}
                      onChange={() => toggle(index)}
                    />
                    {index < 9 && <kbd>{index + 1}</kbd>}
                    {option}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <div className="button-row">
            <button
              type="button"
              disabled={!chosen.length || record.isPending}
              onClick={save}
            >
              {t('floor.save')}
            </button>
            <button type="button" className="secondary" onClick={backToUnit}>
              {t('floor.back')}
            </button>
          </div>
        </div>
      )}
      {problem && <Alert>{problem}</Alert>}
      <p role="status" aria-live="polite" className="floor-done">
        {done}
      </p>
    </div>
  );
}
