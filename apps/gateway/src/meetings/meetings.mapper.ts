import type { Meeting, MeetingSettings } from '@livevote/contracts';
import type { AppConfig } from '../config/app-config';
import type { MeetingRow } from './meeting-access.service';

const iso = (date: Date | null): string | null =>
  date ? date.toISOString() : null;
const text = (value: unknown): string =>
  typeof value === 'string' ? value : '';

/**
 * The meeting's voter portal address (spec 2.2 `url`): `https://<shortCode>.<PORTAL_HOST>`
 * where a portal host is set up, else this gateway's own portal page (docs/deployment.md).
 */
export function meetingPortalUrl(
  shortCode: string,
  config: Pick<AppConfig, 'portalHost' | 'publicUrl'>,
): string {
  return config.portalHost
    ? `https://${shortCode}.${config.portalHost}`
    : `${config.publicUrl}/vote/${encodeURIComponent(shortCode)}`;
}

export function mapMeeting(
  row: MeetingRow,
  live: boolean,
  config: AppConfig,
): Meeting {
  return {
    key: row.id,
    accountKey: row.accountId,
    shortCode: row.shortCode,
    name: row.name,
    description: row.description,
    type: row.type as Meeting['type'],
    corporation: {
      legalName: text(row.corporation.legalName),
      legalNameShort: text(row.corporation.legalNameShort),
    },
    quorumMinimum: row.quorumMinimum,
    meetingDate: row.meetingDate.toISOString(),
    expiryDate: iso(row.expiryDate),
    location: row.location,
    addresses: row.addresses,
    contact: {
      email: text(row.contact.email),
      name: text(row.contact.name),
      preferredName: text(row.contact.preferredName),
    },
    meetingTimezone: row.meetingTimezone,
    language: row.language,
    languages: row.languages,
    translations: row.translations,
    duration: row.duration,
    options: {
      signature: text(row.options.signature),
      notificationFrequency: text(row.options.notificationFrequency),
      meetingSubtype: text(row.options.meetingSubtype),
      virtualMeetingType: text(row.options.virtualMeetingType),
    },
    portalRevocationsClosedAt: iso(row.portalRevocationsClosedAt),
    url: meetingPortalUrl(row.shortCode, config),
    nominationExpiryDate: iso(row.nominationExpiryDate),
    liveVotingStatus: live ? 'live' : 'disabled',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function mapMeetingSettings(row: MeetingRow): MeetingSettings {
  const reminders =
    row.meetingReminderFrequency > 0 || row.meetingStartingReminder > 0;
  return {
    meetingReminders: reminders ? 'enabled' : 'disabled',
    meetingReminderFrequency: row.meetingReminderFrequency,
    meetingStartingReminder: row.meetingStartingReminder,
    managerSummaryReportFreqency:
      row.managerSummaryReportFrequency as MeetingSettings['managerSummaryReportFreqency'],
    alternateManagerContactEmails: row.alternateManagerEmails,
    defaultProxyHolders: row.defaultProxyHolders,
    autoVerifyElectronicProxies: row.autoVerifyElectronicProxies,
    proxyHolderMustAttend: row.proxyHolderMustAttend,
    quorumBasis: row.quorumBasis,
    quorumPercent: row.quorumPercent,
    quorumIncludesProxies: row.quorumIncludesProxies,
    requireQuorumToStart: row.requireQuorumToStart,
    requireSignOff: row.requireSignOff,
    oneLiveMatter: row.oneLiveMatter,
    questionCategories: row.questionCategories,
    floorDoubleEntry: row.floorDoubleEntry,
    translations: row.settingsTranslations,
    displayLanguages: row.displayLanguages,
  };
}
