import type { Member, Voter } from '@livevote/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../ui/components/Alert';
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
  const [editing, setEditing] = useState<Member>();
  const [showing, setShowing] = useState<{ member: Member; voter: Voter }>();
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / MEMBERS_PAGE_SIZE));

  return (
    <div className="stack">
      <section className="panel" aria-labelledby="members-title">
        <div className="panel-head">
          <h3 id="members-title">Members and voters</h3>
          <button
            type="button"
            className="secondary"
            disabled={inviteAll.isPending}
            onClick={() => inviteAll.mutate()}
          >
            {inviteAll.isPending ? 'Sending…' : 'Invite everyone not invited'}
          </button>
        </div>
        <ErrorMessage error={inviteAll.error} />
        {inviteAll.data && (
          <Alert tone="success">
            Sent {inviteAll.data.sent} invitations; {inviteAll.data.skipped}{' '}
            skipped (already invited or e-mails off)
            {inviteAll.data.failed > 0 &&
              `; ${inviteAll.data.failed} could not be sent, try again`}
            .
          </Alert>
        )}
        <SearchBox
          label="Search by unit, voter name or e-mail"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <ErrorMessage error={error} />
        {isPending && <Loading />}
        {data && data.members.length === 0 && (
          <p>{searchText ? 'No member matches.' : 'No members yet.'}</p>
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
          <nav className="pager" aria-label="Pages of members">
            <button
              type="button"
              className="secondary"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            <span aria-live="polite" aria-busy={isFetching}>
              Page {Math.min(page, pages)} of {pages} · {data.total}{' '}
              {data.total === 1 ? 'member' : 'members'}
            </span>
            <button
              type="button"
              className="secondary"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
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
