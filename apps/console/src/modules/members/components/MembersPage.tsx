import type { Member, Voter } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useNumber } from '../../../i18n/use-language';
import { Alert } from '../../ui/components/Alert';
import { Confirm } from '../../ui/components/Confirm';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { SearchBox } from '../../ui/components/SearchBox';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import {
  MEMBERS_PAGE_SIZE,
  useInviteAll,
  useMembersPage,
} from '../hooks/useMembers';
import { AddMemberForm } from './AddMemberForm';
import { CsvImportForm } from './CsvImportForm';
import { EditMemberForm } from './EditMemberForm';
import { MembersTable } from './MembersTable';
import { PersonalLinkPanel } from './PersonalLinkPanel';

export function MembersPage() {
  const { t } = useTranslation();
  const number = useNumber();
  const { shortCode = '' } = useParams();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const searchText = useDebouncedValue(search.trim());
  const { data, error, isPending, isFetching } = useMembersPage(
    shortCode,
    searchText,
    page,
  );
  const inviteAll = useInviteAll(shortCode);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [editing, setEditing] = useState<Member>();
  const [showing, setShowing] = useState<{ member: Member; voter: Voter }>();
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / MEMBERS_PAGE_SIZE));
  const invited = (sent: {
    sent: number;
    skipped: number;
    failed: number;
  }) => ({
    count: sent.sent,
    n: number(sent.sent),
    skipped: number(sent.skipped),
    failed: number(sent.failed),
  });

  return (
    <div className="stack">
      <section className="panel" aria-labelledby="members-title">
        <div className="panel-head">
          <h3 id="members-title">{t('members.title')}</h3>
          <div className="button-row">
            <button
              type="button"
              className="secondary"
              disabled={inviteAll.isPending}
              onClick={() => inviteAll.mutate('uninvited')}
            >
              {inviteAll.isPending && inviteAll.variables === 'uninvited'
                ? t('common.sending')
                : t('members.inviteAll')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={inviteAll.isPending}
              onClick={() => inviteAll.mutate('undelivered')}
            >
              {t('members.resendUndelivered')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={inviteAll.isPending}
              aria-expanded={confirmingAll}
              onClick={() => setConfirmingAll(true)}
            >
              {t('members.resendAll')}
            </button>
          </div>
        </div>
        {confirmingAll && (
          <Confirm
            label={t('members.resendAllTitle')}
            cancelLabel={t('common.cancel')}
            confirmLabel={t('members.resendAllConfirm')}
            pending={inviteAll.isPending}
            onCancel={() => setConfirmingAll(false)}
            onConfirm={() =>
              inviteAll.mutate('all', {
                onSettled: () => setConfirmingAll(false),
              })
            }
          >
            <p>{t('members.resendAllBody')}</p>
          </Confirm>
        )}
        <ErrorMessage error={inviteAll.error} />
        {inviteAll.data && (
          <Alert tone="success">
            {inviteAll.variables !== 'uninvited'
              ? t('members.resent', invited(inviteAll.data))
              : inviteAll.data.failed > 0
                ? t('members.invitedAllFailed', invited(inviteAll.data))
                : t('members.invitedAll', invited(inviteAll.data))}
          </Alert>
        )}
        <SearchBox
          label={t('members.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <ErrorMessage error={error} />
        {isPending && <Loading />}
        {data && data.members.length === 0 && (
          <p>{searchText ? t('members.noMatch') : t('members.none')}</p>
        )}
        {data && data.members.length > 0 && (
          <MembersTable
            shortCode={shortCode}
            members={data.members}
            onEdit={(member) => {
              setShowing(undefined);
              setEditing(member);
            }}
            onShowLink={(member, voter) => {
              setEditing(undefined);
              setShowing({ member, voter });
            }}
          />
        )}
        {data && (
          <nav className="pager" aria-label={t('members.pages')}>
            <button
              type="button"
              className="secondary"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('room.previousPage')}
            </button>
            <span aria-live="polite" aria-busy={isFetching}>
              {t('members.pageOf', {
                page: number(Math.min(page, pages)),
                pages: number(pages),
                members: t('members.member', {
                  count: data.total,
                  n: number(data.total),
                }),
              })}
            </span>
            <button
              type="button"
              className="secondary"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('room.nextPage')}
            </button>
          </nav>
        )}
      </section>
      {editing && (
        <EditMemberForm
          key={editing.key}
          shortCode={shortCode}
          member={editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      {showing && (
        <PersonalLinkPanel
          key={showing.voter.voterKey}
          shortCode={shortCode}
          member={showing.member}
          voter={showing.voter}
          onClose={() => setShowing(undefined)}
        />
      )}
      <AddMemberForm shortCode={shortCode} />
      <CsvImportForm shortCode={shortCode} />
    </div>
  );
}
