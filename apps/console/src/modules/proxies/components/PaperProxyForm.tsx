import type { Matter, Member } from '@livevote/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useEnterPaperProxy } from '../hooks/useProxies';
import {
  DirectionFields,
  directionsPayload,
  type Directions,
} from './DirectionFields';

export interface PaperProxyFormProps {
  shortCode: string;
  members: Member[];
  matters: Matter[];
  defaultHolders: string[];
}

const NAMED = '';

/** A paper proxy typed in by a manager, with its scan kept as a meeting document. */
export function PaperProxyForm({
  shortCode,
  members,
  matters,
  defaultHolders,
}: PaperProxyFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const enter = useEnterPaperProxy(shortCode);
  const [memberKey, setMemberKey] = useState('');
  const [holder, setHolder] = useState(defaultHolders[0] ?? NAMED);
  const [holderName, setHolderName] = useState('');
  const [holderEmail, setHolderEmail] = useState('');
  const [directions, setDirections] = useState<Directions>({});
  const [signedName, setSignedName] = useState('');
  const [scan, setScan] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const scanInput = useRef<HTMLInputElement>(null);
  const directable = matters
    .filter((matter) => matter.allowProxyVote)
    .map((matter) => ({ ...matter, matterKey: matter.key }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = directionsPayload(directable, directions);
    if (!payload) return setProblem(t('proxiesStaff.paper.problemDirect'));
    setProblem(undefined);
    enter.mutate(
      {
        body: {
          memberKey,
          holder:
            holder === NAMED
              ? {
                  isDefault: false,
                  name: holderName.trim(),
                  email: holderEmail.trim(),
                }
              : { isDefault: true, name: holder },
          directions: payload,
          signedName: signedName.trim(),
        },
        scan,
      },
      {
        onSuccess: () => {
          setMemberKey('');
          setDirections({});
          setSignedName('');
          setScan(undefined);
          if (scanInput.current) scanInput.current.value = '';
        },
      },
    );
  }

  return (
    <form
      className="panel stack"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
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
          <label htmlFor={`${id}-member`}>{t('proxiesStaff.unit')}</label>
          <select
            id={`${id}-member`}
            required
            value={memberKey}
            onChange={(event) => setMemberKey(event.target.value)}
          >
            <option value="">{t('proxiesStaff.paper.chooseUnit')}</option>
            {members.map((member) => (
              <option key={member.key} value={member.key}>
                {member.unit}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-holder`}>
            {t('proxiesStaff.paper.holder')}
          </label>
          <select
            id={`${id}-holder`}
            value={holder}
            onChange={(event) => setHolder(event.target.value)}
          >
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
              <label htmlFor={`${id}-holder-name`}>
                {t('proxiesStaff.paper.holderName')}
              </label>
              <input
                id={`${id}-holder-name`}
                required
                value={holderName}
                onChange={(event) => setHolderName(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-holder-email`}>
                {t('proxiesStaff.paper.holderEmail')}
              </label>
              <input
                id={`${id}-holder-email`}
                type="email"
                required
                value={holderEmail}
                onChange={(event) => setHolderEmail(event.target.value)}
              />
            </div>
          </>
        )}
        <div className="field">
          <label htmlFor={`${id}-signed`}>
            {t('proxiesStaff.paper.signedBy')}
          </label>
          <input
            id={`${id}-signed`}
            required
            value={signedName}
            onChange={(event) => setSignedName(event.target.value)}
          />
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
        onChange={setDirections}
      />
      {problem && (
        <p className="hint" role="alert">
          {problem}
        </p>
      )}
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
