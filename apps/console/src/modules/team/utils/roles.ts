import type { AccountRole } from '@livevote/contracts';

/** The roles in the order the console offers them (docs/team.md). */
export const ROLES: readonly AccountRole[] = ['owner', 'scrutineer', 'clerk'];

/**
 * Ticks or unticks a role: `clerk` stands alone, so ticking it clears the others and ticking
 * another clears it, as the gateway would refuse the mix (400).
 */
export function toggleRole(
  roles: readonly AccountRole[],
  role: AccountRole,
  on: boolean,
): AccountRole[] {
  if (!on) return roles.filter((r) => r !== role);
  if (role === 'clerk') return ['clerk'];
  return ROLES.filter(
    (r) => r !== 'clerk' && (r === role || roles.includes(r)),
  );
}

export const isClerk = (roles: readonly AccountRole[] | undefined) =>
  roles?.includes('clerk') ?? false;

export const isOwner = (roles: readonly AccountRole[] | undefined) =>
  roles?.includes('owner') ?? false;
