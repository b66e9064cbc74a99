import type { Account } from '@livevote/contracts';

export interface AccountListProps {
  accounts: readonly Account[];
}

export function AccountList({ accounts }: AccountListProps) {
  if (accounts.length === 0)
    return <p>You are not a member of any account yet.</p>;
  return (
    <ul className="account-list" aria-label="Accounts">
      {accounts.map((account) => (
        <li key={account.key}>{account.name}</li>
      ))}
    </ul>
  );
}
