import type { AccountRole } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';

/** The roles in words; none is a manager. */
export function RoleNames({ roles }: { roles: readonly AccountRole[] }) {
  const { t } = useTranslation();
  return (
    <>
      {roles.length
        ? roles.map((role) => t(`team.role.${role}`)).join(', ')
        : t('team.role.manager')}
    </>
  );
}
