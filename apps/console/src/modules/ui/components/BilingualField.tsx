import type { Language } from '@livevote/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface BilingualFieldProps {
  /** The field's name as the form shows it ("Name"). */
  label: string;
  /** The meeting's languages, the primary first (docs/i18n.md, "Meeting content"). */
  languages: readonly Language[];
  /** The ids the two controls carry, canonical first. */
  ids: readonly [string, string];
  /** The canonical control (the primary language's text). */
  canonical: ReactNode;
  /** The translation's control; shown only when the meeting has a second language. */
  translation: ReactNode;
  /** Id of a hint below both controls. */
  hint?: ReactNode;
}

/**
 * One text a voter reads, edited side by side: the canonical text | its translation, each
 * labelled with its language ("Name, in English", "Name, in French"); the controls carry their
 * own `lang`. A meeting in one language gets the plain field.
 */
export function BilingualField({
  label,
  languages,
  ids: [canonicalId, translationId],
  canonical,
  translation,
  hint,
}: BilingualFieldProps) {
  const { t } = useTranslation();
  const [primary, other] = languages;
  if (!primary || !other)
    return (
      <div className="field">
        <label htmlFor={canonicalId}>{label}</label>
        {canonical}
        {hint}
      </div>
    );
  return (
    <div className="field bilingual" role="group" aria-label={label}>
      <div className="bilingual-pair">
        <div className="field">
          <label htmlFor={canonicalId}>
            {t('bilingual.fieldIn', {
              field: label,
              language: t(`bilingual.name.${primary}`),
            })}
          </label>
          {canonical}
        </div>
        <div className="field">
          <label htmlFor={translationId}>
            {t('bilingual.fieldIn', {
              field: label,
              language: t(`bilingual.name.${other}`),
            })}
          </label>
          {translation}
        </div>
      </div>
      {hint}
    </div>
  );
}
