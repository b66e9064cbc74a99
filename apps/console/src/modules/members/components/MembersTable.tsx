import type { Member, Voter } from '@livevote/contracts';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Confirm } from '../../ui/components/Confirm';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useNumber } from '../../../i18n/use-language';
import { DeliveryStatus } from '../../ui/components/DeliveryStatus';
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
  const { t } = useTranslation();
  const number = useNumber();
  const invite = useInviteVoter(shortCode);
  const remove = useDeleteMember(shortCode);
  const [deleting, setDeleting] = useState<string>();

  return (
    <>
      <ErrorMessage error={invite.error ?? remove.error} />
      {invite.isSuccess && (
        <p className="alert alert-success" role="status">
          {t('members.table.inviteSent', { email: invite.variables.email })}
        </p>
      )}
      <div className="table-scroll">
        <table className="data-table">
          <caption className="sr-only">{t('members.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('members.table.unit')}</th>
              <th scope="col">{t('members.table.shares')}</th>
              <th scope="col">{t('members.table.eligible')}</th>
              <th scope="col">{t('members.table.controlNumber')}</th>
              <th scope="col">{t('members.table.voters')}</th>
              <th scope="col">
                <span className="sr-only">{t('members.table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.key}>
                <th scope="row">{member.unit}</th>
                <td>{number(member.shares, 6)}</td>
                <td>{member.eligible ? t('common.yes') : t('common.no')}</td>
                <td>
                  <code>{member.controlNumber}</code>
                </td>
                <td>
                  {member.voters.length === 0 && (
                    <span className="muted">{t('members.table.noVoter')}</span>
                  )}
                  <ul className="voter-list">
                    {member.voters.map((voter) => (
                      <li key={voter.voterKey}>
                        <span>
                          {voter.name}{' '}
                          <span className="muted">{voter.email}</span>
                          {voter.isTestVoter && (
                            <span className="badge badge-pending">
                              {t('members.table.testVoter')}
                            </span>
                          )}
                        </span>
                        <DeliveryStatus
                          delivery={
                            voter.inviteDelivery ??
                            (voter.lastInviteDate
                              ? {
                                  status: 'sent',
                                  at: voter.lastInviteDate,
                                  detail: null,
                                }
                              : null)
                          }
                          kind="invite"
                        />
                        <button
                          type="button"
                          className="link"
                          disabled={
                            invite.isPending ||
                            voter.communicationPreferences.disableAllEmails
                          }
                          aria-label={
                            voter.lastInviteDate
                              ? t('members.table.sendAgainTo', {
                                  name: voter.name,
                                })
                              : t('members.table.sendInviteTo', {
                                  name: voter.name,
                                })
                          }
                          onClick={() =>
                            invite.mutate({
                              memberKey: member.key,
                              email: voter.email,
                            })
                          }
                        >
                          {voter.lastInviteDate
                            ? t('members.table.sendAgain')
                            : t('members.table.sendInvite')}
                        </button>
                        <button
                          type="button"
                          className="link"
                          aria-label={t('members.table.linkOf', {
                            name: voter.name,
                          })}
                          onClick={() => onShowLink(member, voter)}
                        >
                          {t('members.table.link')}
                        </button>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {deleting === member.key ? (
                    <Confirm
                      label={t('members.table.deleteTitle', {
                        unit: member.unit,
                      })}
                      cancelLabel={t('members.table.keep')}
                      confirmLabel={t('common.delete')}
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
                        <Trans
                          i18nKey="members.table.deleteBody"
                          values={{ unit: member.unit }}
                          components={{ strong: <strong /> }}
                        />
                      </p>
                    </Confirm>
                  ) : (
                    <div className="button-row">
                      <button
                        type="button"
                        className="link"
                        aria-label={t('members.table.editUnit', {
                          unit: member.unit,
                        })}
                        onClick={() => onEdit(member)}
                      >
                        {t('common.edit')}
                      </button>
                      <button
                        type="button"
                        className="link danger"
                        aria-label={t('members.table.deleteUnit', {
                          unit: member.unit,
                        })}
                        onClick={() => setDeleting(member.key)}
                      >
                        {t('members.table.delete')}
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
