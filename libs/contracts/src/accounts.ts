import { z } from 'zod';
import { IsoDateTime, LanguageCode, ListLimit, SearchText } from './common';
import { AccountRole } from './results';
import { TeamRoles } from './team';

/** An account of the caller, as `GET /v1/Accounts` lists it. */
export const Account = z.object({
  key: z.string(),
  name: z.string(),
  nameShort: z.string(),
  address: z.object({
    address: z.string(),
    city: z.string(),
    prov: z.string(),
    postal: z.string(),
    country: z.string(),
  }),
  contactName: z.string(),
  contactEmail: z.string(),
  /** The account's language: new meetings' primary language (docs/i18n.md). */
  language: LanguageCode,
  subscription: z.object({
    product: z.string(),
    status: z.string(),
  }),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** The caller's own roles in the account (docs/team.md): what the console shows them. */
  myRoles: z.array(AccountRole),
});
export type Account = z.infer<typeof Account>;

/** `PATCH /v1/Accounts/{key}`: the account's language (docs/i18n.md). */
export const PatchAccountRequest = z.strictObject({
  language: LanguageCode.optional(),
});
export type PatchAccountRequest = z.infer<typeof PatchAccountRequest>;

export const ListAccountsQuery = z.object({
  searchText: SearchText,
  limit: ListLimit,
});
export type ListAccountsQuery = z.infer<typeof ListAccountsQuery>;

export const AddAccountUserRequest = z.strictObject({
  email: z.email().max(320),
});
export type AddAccountUserRequest = z.infer<typeof AddAccountUserRequest>;

export const AccountUser = z.object({
  email: z.string(),
  name: z.string(),
  addedAt: IsoDateTime,
  /** Roles beyond managing the account (docs/team.md): `owner`, `scrutineer`, `clerk`. */
  roles: z.array(AccountRole),
});
export type AccountUser = z.infer<typeof AccountUser>;

/** PATCH /v1/Accounts/{key}/users/{email}: the user's roles (owners; one's own only to drop some). */
export const PatchAccountUserRequest = z.strictObject({
  roles: TeamRoles,
});
export type PatchAccountUserRequest = z.infer<typeof PatchAccountUserRequest>;
