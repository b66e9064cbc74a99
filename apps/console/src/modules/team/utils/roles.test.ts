import { describe, expect, it } from 'vitest';
import { toggleRole } from './roles';

describe(toggleRole.name, () => {
  it.each([
    [[], 'owner', true, ['owner']],
    [['owner'], 'scrutineer', true, ['owner', 'scrutineer']],
    [['scrutineer'], 'owner', true, ['owner', 'scrutineer']],
    [['owner', 'scrutineer'], 'clerk', true, ['clerk']],
    [['clerk'], 'owner', true, ['owner']],
    [['owner', 'scrutineer'], 'owner', false, ['scrutineer']],
    [['clerk'], 'clerk', false, []],
  ] as const)('%j with %s %s gives %j', (roles, role, on, expected) => {
    expect(toggleRole(roles, role, on)).toEqual(expected);
  });
});
