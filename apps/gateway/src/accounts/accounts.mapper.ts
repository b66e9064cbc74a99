import type { Account } from '@livevote/contracts';
import type { MemberAccountRow } from './accounts.repository';

export function mapAccount(row: MemberAccountRow): Account {
  return {
    key: row.id,
    name: row.name,
    nameShort: row.nameShort,
    address: {
      address: row.address.address ?? '',
      city: row.address.city ?? '',
      prov: row.address.prov ?? '',
      postal: row.address.postal ?? '',
      country: row.address.country ?? '',
    },
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    language: row.language,
    subscription: {
      product: row.subscription.product,
      status: row.subscription.status,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    myRoles: row.myRoles,
  };
}
