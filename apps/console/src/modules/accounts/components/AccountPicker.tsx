import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { SearchBox } from '../../ui/components/SearchBox';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { useAccounts } from '../hooks/useAccounts';

export function AccountPicker() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchText = useDebouncedValue(search.trim());
  const { data: accounts, error, isPending } = useAccounts(searchText);

  return (
    <section className="panel" aria-labelledby="accounts-title">
      <h2 id="accounts-title">{t('accounts.title')}</h2>
      <SearchBox
        label={t('accounts.search')}
        value={search}
        onChange={setSearch}
      />
      <ErrorMessage error={error} />
      {isPending && <Loading />}
      {accounts && accounts.length === 0 && (
        <p>
          {searchText
            ? t('accounts.noMatch', { text: searchText })
            : t('accounts.none')}
        </p>
      )}
      {accounts && accounts.length > 0 && (
        <ul className="pick-list" aria-label={t('accounts.title')}>
          {accounts.map((account) => (
            <li key={account.key}>
              <Link to={`/accounts/${account.key}`}>
                <span className="pick-title">{account.name}</span>
                {account.nameShort && account.nameShort !== account.name && (
                  <span className="pick-meta">{account.nameShort}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
