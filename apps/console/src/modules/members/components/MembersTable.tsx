import type { Member, Voter } from '@livevote/contracts';
import { useState } from 'react';
import { Confirm } from '../../ui/components/Confirm';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { formatNumber } from '../../ui/utils/format';
import { useZonedTime } from '../../../i18n/use-language';
import { useDeleteMember, useInviteVoter } from '../hooks/useMembers';

export interface MembersTableProps {
  shortCode: string;
  members: Member[];
  onEdit: (member: Member) => void;
  onShowLink: (member: Member, voter: Voter) => void;
}

export function MembersTable({
  shortCode,
  members,
  onEdit,
  onShowLink,
}: MembersTableProps) {
  const at = useZonedTime();
  const invite = useInviteVoter(shortCode);
  const remove = useDeleteMember(shortCode);
  const [deleting, setDeleting] = useState<string>();

  return (
    <>
      <ErrorMessage error={invite.error ?? remove.error} />
      {invite.isSuccess && (
        <p className="alert alert-success" role="status">
          Invitation sent to {invite.variables.email}.
        </p>
      )}
      <div className="table-scroll">
        <table className="data-table">
          <caption className="sr-only">Members and their voters</caption>
          <thead>
            <tr>
              <th scope="col">Unit</th>
              <th scope="col">Shares</th>
              <th scope="col">Eligible</th>
              <th scope="col">Control number</th>
              <th scope="col">Voters</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.key}>
                <th scope="row">{member.unit}</th>
                <td>{formatNumber(member.shares, 6)}</td>
                <td>{member.eligible ? 'Yes' : 'No'}</td>
                <td>
                  <code>{member.controlNumber}</code>
                </td>
                <td>
                  {member.voters.length === 0 && (
                    <span className="muted">No voter</span>
                  )}
                  <ul className="voter-list">
                    {member.voters.map((voter) => (
                      <li key={voter.voterKey}>
                        <span>
                          {voter.name}{' '}
                          <span className="muted">{voter.email}</span>
                        </span>
                        <span className="muted small">
                          {voter.lastInviteDate
                            ? `Invited ${at(voter.lastInviteDate)}`
                            : 'Not invited'}
                        </span>
                        <button
                          type="button"
                          className="link"
                          disabled={
                            invite.isPending ||
                            voter.communicationPreferences.disableAllEmails
                          }
                          onClick={() =>
                            invite.mutate({
                              memberKey: member.key,
                              email: voter.email,
                            })
                          }
                        >
                          {voter.lastInviteDate ? 'Send again' : 'Send invite'}
                          <span className="sr-only"> to {voter.name}</span>
                        </button>
                        <button
                          type="button"
                          className="link"
                          aria-label={`Link / QR of ${voter.name}`}
                          onClick={() => onShowLink(member, voter)}
                        >
                          Link / QR
                        </button>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {deleting === member.key ? (
                    <Confirm
                      label={`Delete unit ${member.unit}?`}
                      cancelLabel="Keep it"
                      confirmLabel="Delete"
                      danger
                      pending={remove.isPending}
                      onCancel={() => setDeleting(undefined)}
                      onConfirm={() =>
                        remove.mutate(member.key, {
                          onSettled: () => setDeleting(undefined),
                        })
                      }
                    >
                      <p>
                        Delete unit <strong>{member.unit}</strong> and its
                        voters?
                      </p>
                    </Confirm>
                  ) : (
                    <div className="button-row">
                      <button
                        type="button"
                        className="link"
                        aria-label={`Edit unit ${member.unit}`}
                        onClick={() => onEdit(member)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="link danger"
                        aria-label={`Delete unit ${member.unit}…`}
                        onClick={() => setDeleting(member.key)}
                      >
                        Delete…
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
