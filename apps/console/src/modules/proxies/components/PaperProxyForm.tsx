import {
  PaperProxyRequest,
  type Matter,
  type Member,
} from '@livevote/contracts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useContractForm } from '../../ui/hooks/useContractForm';
import { useEnterPaperProxy } from '../hooks/useProxies';
import {
  checkedDraft,
  directionsOf,
  holderInput,
  NAMED,
  type ProxyDraft,
} from '../utils/proxy-draft';
import { DirectionFields } from './DirectionFields';

export interface PaperProxyFormProps {
  shortCode: string;
  members: Member[];
  matters: Matter[];
  defaultHolders: string[];
}

interface Draft extends ProxyDraft {
  memberKey: string;
}

// the scan is sent first, as a document, and the request then names it
const PaperProxy = PaperProxyRequest.omit({ scanKey: true });

/** A paper proxy typed in by a manager, with its scan kept as a meeting document. */
export function PaperProxyForm({
  shortCode,
  members,
  matters,
  defaultHolders,
}: PaperProxyFormProps) {
  const { t } = useTranslation();
  const enter = useEnterPaperProxy(shortCode);
  const [scan, setScan] = useState<File>();
  const scanInput = useRef<HTMLInputElement>(null);
  const directable = useMemo(
    () =>
      matters
        .filter((matter) => matter.allowProxyVote)
        .map((matter) => ({ ...matter, matterKey: matter.key })),
    [matters],
  );
  const schema = useMemo(
    () =>
      checkedDraft<Draft>(directable, t('proxiesStaff.paper.problemDirect'))
        .transform((draft) => ({
          memberKey: draft.memberKey,
          holder: holderInput(draft),
          directions: directionsOf(directable, draft),
          signedName: draft.signedName.trim(),
        }))
        .pipe(PaperProxy),
    [directable, t],
  );
  const labels = {
    memberKey: t('proxiesStaff.unit'),
    'holder.name': t('proxiesStaff.paper.holderName'),
    'holder.email': t('proxiesStaff.paper.holderEmail'),
    signedName: t('proxiesStaff.paper.signedBy'),
  };
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema,
    defaultValues: {
      memberKey: '',
      holderChoice: defaultHolders[0] ?? NAMED,
      holder: { name: '', email: '' },
      directions: {},
      signedName: '',
    },
    labels,
  });
  const memberKey = form.watch('memberKey');
  const holder = form.watch('holderChoice');
  const directions = form.watch('directions');

  const submit = form.handleSubmit((body) =>
    enter.mutate(
      { body, scan },
      {
        // the next sheet is most often for the same holder
        onSuccess: () => {
          form.reset({
            ...form.getValues(),
            memberKey: '',
            directions: {},
            signedName: '',
          });
          setScan(undefined);
          if (scanInput.current) scanInput.current.value = '';
        },
      },
    ),
  );

  return (
    <form
      className="panel stack"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={`${id}-title`}>{t('proxiesStaff.paper.title')}</h3>
      <ErrorMessage error={enter.error} />
      {enter.isSuccess && (
        <Alert tone="success">
          {t('proxiesStaff.paper.entered', { unit: enter.data.unit })}
        </Alert>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={idOf('memberKey')}>{labels.memberKey}</label>
          <select required {...field('memberKey')}>
            <option value="">{t('proxiesStaff.paper.chooseUnit')}</option>
            {members.map((member) => (
              <option key={member.key} value={member.key}>
                {member.unit}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={idOf('holderChoice')}>
            {t('proxiesStaff.paper.holder')}
          </label>
          <select {...field('holderChoice')}>
            {defaultHolders.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={NAMED}>{t('proxiesStaff.paper.named')}</option>
          </select>
        </div>
        {holder === NAMED && (
          <>
            <div className="field">
              <label htmlFor={idOf('holder.name')}>
                {labels['holder.name']}
              </label>
              <input required {...field('holder.name')} />
            </div>
            <div className="field">
              <label htmlFor={idOf('holder.email')}>
                {labels['holder.email']}
              </label>
              <input type="email" required {...field('holder.email')} />
            </div>
          </>
        )}
        <div className="field">
          <label htmlFor={idOf('signedName')}>{labels.signedName}</label>
          <input required {...field('signedName')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-scan`}>{t('proxiesStaff.paper.scan')}</label>
          <input
            ref={scanInput}
            id={`${id}-scan`}
            type="file"
            accept="application/pdf,image/*"
            onChange={(event) => setScan(event.target.files?.[0])}
          />
        </div>
      </div>
      <DirectionFields
        matters={directable}
        value={directions}
        onChange={(next) => form.setValue('directions', next)}
      />
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <button
        type="submit"
        className="primary"
        disabled={enter.isPending || !memberKey}
      >
        {enter.isPending
          ? t('proxiesStaff.paper.entering')
          : t('proxiesStaff.paper.enter')}
      </button>
    </form>
  );
}
