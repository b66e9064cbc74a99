import type { LiveMatter } from '@livevote/contracts';
import { verdictWords } from '@livevote/i18n';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { Confirm } from '../../ui/components/Confirm';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useSignOff, useSignOffStatus } from '../hooks/useSignOff';

export interface SignOffControlProps {
  shortCode: string;
  matter: LiveMatter;
}

/**
 * A scrutineer signs off a closed matter's result, after confirming; the safe choice has the
 * focus. Shown only to those who may (docs/verdicts.md, "Sign-off by scrutineers").
 */
export function SignOffControl({ shortCode, matter }: SignOffControlProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const status = useSignOffStatus(shortCode);
  const signOff = useSignOff(shortCode);
  const [confirming, setConfirming] = useState(false);
  const result = matter.result;
  if (
    matter.liveStatus !== 'closed' ||
    !result ||
    result.signedOffBy ||
    !status.data?.maySignOff
  )
    return null;

  if (!confirming)
    return (
      <button
        type="button"
        className="primary"
        onClick={() => setConfirming(true)}
      >
        {t('resultSettings.signOff.open')}
      </button>
    );

  return (
    <Confirm
      label={t('resultSettings.signOff.title')}
      cancelLabel={t('resultSettings.signOff.notYet')}
      confirmLabel={t('resultSettings.signOff.confirm')}
      pending={signOff.isPending}
      onCancel={() => {
        signOff.reset();
        setConfirming(false);
      }}
      onConfirm={() =>
        signOff.mutate(matter.matterKey, {
          onSuccess: () => setConfirming(false),
        })
      }
    >
      <p>
        <Trans
          i18nKey={
            result.publishedAt
              ? 'resultSettings.signOff.body'
              : 'resultSettings.signOff.bodyPublish'
          }
          values={{
            verdict: verdictWords(result.verdict, lng).toLowerCase(),
            name: matter.name,
          }}
          components={{ strong: <strong /> }}
        />
      </p>
      <ErrorMessage error={signOff.error} />
    </Confirm>
  );
}
