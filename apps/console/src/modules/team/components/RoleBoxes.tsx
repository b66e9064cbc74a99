import type { AccountRole } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { ROLES, toggleRole } from '../utils/roles';

export interface RoleBoxesProps {
  legend: string;
  roles: AccountRole[];
  onChange: (roles: AccountRole[]) => void;
  disabled?: boolean;
}

/** The roles as checkboxes, each with what it allows; `clerk` clears the others. */
export function RoleBoxes({
  legend,
  roles,
  onChange,
  disabled,
}: RoleBoxesProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="role-boxes" disabled={disabled}>
      <legend>{legend}</legend>
      {ROLES.map((role) => (
        <label key={role} className="field checkbox">
          <input
            type="checkbox"
            checked={roles.includes(role)}
            onChange={(event) =>
              onChange(toggleRole(roles, role, event.target.checked))
            }
          />
          <span>
            {t(`team.role.${role}`)}{' '}
            <span className="hint">{t(`team.roleHint.${role}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
