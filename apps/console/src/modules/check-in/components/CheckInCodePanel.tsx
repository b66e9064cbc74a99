import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import type { VoterTarget } from '../../portal/hooks/useBallot';
import { useCheckInCode } from '../hooks/usePortalAttendance';

/** The voter's code for the door: a QR to show the registrar, and the same code in text. */
export function CheckInCodePanel({ target }: { target: VoterTarget }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const code = useCheckInCode(target, shown);

  return (
    <section aria-labelledby="check-in-code" className="portal-section">
      <h2 id="check-in-code">{t('checkIn.code.title')}</h2>
      <button
        type="button"
        className="secondary"
        aria-expanded={shown}
        onClick={() => setShown(!shown)}
      >
        {shown ? t('checkIn.code.hide') : t('checkIn.code.show')}
      </button>
      <ErrorMessage error={code.error} />
      {shown && code.data && (
        <figure>
          <div
            className="check-in-qr"
            role="img"
            aria-label={t('checkIn.code.qr')}
            // the gateway's SVG, made by the qrcode library from the code alone
            dangerouslySetInnerHTML={{ __html: code.data.qrSvg }}
          />
          <figcaption>
            <span className="check-in-code">{code.data.code}</span>
            <br />
            {code.data.checkedInAt
              ? t('checkIn.code.checkedIn')
              : t('checkIn.code.showAtDesk')}
          </figcaption>
        </figure>
      )}
    </section>
  );
}
