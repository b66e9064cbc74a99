import { meetingPortalUrl } from '../meetings/meetings.mapper';
import { Injectable } from '@nestjs/common';
import type { AccountRole, AuditKind } from '@livevote/contracts';
import { AccountsService } from '../accounts/accounts.service';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { generateShortCode } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/database';
import type {
  matters as mattersTable,
  ProxyDirection,
  RsvpAnswer,
} from '../database/schema';
import { UsersRepository } from '../identity/users.repository';
import { UsersService } from '../identity/users.service';
import { generateUniqueControlNumber } from '../members/control-number';
import { InviteTokensService } from '../members/invite-tokens.service';
import { ScreenTokensService } from '../screens/screen-tokens.service';
import { personalPortalLink } from '../members/invites.mapper';
import { HolderTokensService } from '../proxies/holder-tokens.service';
import { holderLink } from '../proxies/proxy-mail';
import { DemoRepository, type DemoMeetingRow } from './demo.repository';

export const DEMO_EMAIL = 'chair@demo.livevote.test';
export const DEMO_PASSWORD = 'demo-chair-2026';
/** A second manager of the demo account: floor double entry needs two people (docs/hybrid-meetings.md). */
export const DEMO_SECOND_EMAIL = 'manager@demo.livevote.test';
export const DEMO_SECOND_PASSWORD = 'demo-manager-2026';
/** A clerk of the account: the check-in desk and the floor only (docs/team.md). */
export const DEMO_CLERK_EMAIL = 'clerk@demo.livevote.test';
export const DEMO_CLERK_PASSWORD = 'demo-clerk-2026';

const DEMO_TEAM: {
  email: string;
  password: string;
  name: string;
  roles: AccountRole[];
}[] = [
  {
    email: DEMO_SECOND_EMAIL,
    password: DEMO_SECOND_PASSWORD,
    name: 'Demo Manager',
    roles: [],
  },
  {
    email: DEMO_CLERK_EMAIL,
    password: DEMO_CLERK_PASSWORD,
    name: 'Demo Clerk',
    roles: ['clerk'],
  },
];

/**
 * Some RSVPs, and two owners already checked in at the desk (docs/hybrid-meetings.md): units
 * whose verified proxies already count them, so the demo's quorum stays as it was.
 */
const DEMO_MEMBERS: {
  unit: string;
  shares: number;
  voter: string;
  email: string;
  rsvp?: RsvpAnswer;
  checkedIn?: boolean;
  language?: 'en' | 'fr';
}[] = [
  {
    unit: '101',
    shares: 1,
    voter: 'Ana Silva',
    email: 'ana',
    rsvp: 'in_person',
  },
  { unit: '102', shares: 1, voter: 'Ben Okafor', email: 'ben', rsvp: 'online' },
  {
    unit: '103',
    shares: 1.5,
    voter: 'Chloé Martin',
    email: 'chloe',
    rsvp: 'in_person',
  },
  { unit: '104', shares: 1, voter: 'Dev Patel', email: 'dev' },
  { unit: '105', shares: 2, voter: 'Eva Novak', email: 'eva', rsvp: 'no' },
  // reads the portal and his mail in French whatever his browser says (docs/i18n.md)
  {
    unit: '106',
    shares: 1,
    voter: 'Farid Haddad',
    email: 'farid',
    rsvp: 'in_person',
    language: 'fr',
  },
  {
    unit: '107',
    shares: 1,
    voter: 'Gus Lindqvist',
    email: 'gus',
    rsvp: 'in_person',
    checkedIn: true,
  },
  { unit: '108', shares: 1.5, voter: 'Hiro Tanaka', email: 'hiro' },
  { unit: '109', shares: 1, voter: 'Inès Moreau', email: 'ines' },
  {
    unit: '110',
    shares: 2,
    voter: 'Jonas Berg',
    email: 'jonas',
    rsvp: 'in_person',
    checkedIn: true,
  },
  { unit: '111', shares: 1, voter: 'Kemi Adeyemi', email: 'kemi' },
  { unit: '112', shares: 1, voter: 'Lucía Gómez', email: 'lucia' },
];

const SECRETARY = 'Board Secretary';
const DEFAULT_HOLDERS = [SECRETARY, 'Chair of the meeting'];
const NAMED_HOLDER = { name: 'Ivan Petrov', email: 'ivan@demo.livevote.test' };

type Holder = 'secretary' | 'named';

/**
 * A few proxies of each kind, on units 107 to 111 (112 is left to give one from the portal):
 * `directions` by matter index, in each matter's voting method, the others at the holder's
 * discretion.
 */
const DEMO_PROXIES: {
  unit: string;
  holder: Holder;
  source: 'electronic' | 'paper';
  status: 'submitted' | 'verified' | 'rejected' | 'withdrawn';
  directions?: Record<number, Omit<ProxyDirection, 'matterKey'>>;
  rejectReason?: string;
}[] = [
  {
    unit: '107',
    holder: 'secretary',
    source: 'electronic',
    status: 'verified',
    directions: {
      1: { choices: ['Grace Lee', 'Irene Walsh'] },
      2: { choices: ['For'] },
      3: { ranking: ['Nora Fitzgerald', 'Omar Haddad', 'Pia Schulz'] },
    },
  },
  {
    unit: '108',
    holder: 'secretary',
    source: 'electronic',
    status: 'withdrawn',
  },
  { unit: '108', holder: 'named', source: 'electronic', status: 'submitted' },
  {
    unit: '109',
    holder: 'secretary',
    source: 'paper',
    status: 'verified',
    directions: {
      2: { choices: ['Against'] },
      4: { allocations: [{ option: 'Sam Osei', votes: 2 }] },
    },
  },
  { unit: '110', holder: 'named', source: 'electronic', status: 'verified' },
  {
    unit: '111',
    holder: 'named',
    source: 'electronic',
    status: 'rejected',
    rejectReason:
      'The signature does not match the one on file; please sign again.',
  },
];

export interface DemoHolderLink {
  name: string;
  email: string;
  holderUrl: string;
}

/** Question categories of the demo meeting, and questions owners sent ahead (docs/hybrid-meetings.md). */
const QUESTION_CATEGORIES = ['Budget', 'Repairs', 'Bylaws', 'Other'];
const DEMO_QUESTIONS: {
  unit: string;
  category: string;
  text: string;
  status: 'new' | 'approved' | 'answered';
  reply?: string;
}[] = [
  {
    unit: '104',
    category: 'Budget',
    text: 'Why did the reserve fund contribution go up by 8% this year?',
    status: 'approved',
  },
  {
    unit: '106',
    category: 'Repairs',
    text: 'When will the garage door be fixed? It has been stuck open twice this month.',
    status: 'answered',
    reply:
      'The new opener is ordered and will be installed in the first week of next month.',
  },
  {
    unit: '112',
    category: 'Other',
    text: 'Could the meeting minutes be posted in the lobby as well as online?',
    status: 'new',
  },
];

/**
 * A motion, the three kinds of election (docs/elections.md) and a special resolution. An
 * election is decided by its method, never by a threshold: plurality for two seats, a ranked
 * count (single transferable vote for three seats) and cumulative votes for two seats.
 */
const DEMO_MATTERS: (Omit<
  typeof mattersTable.$inferInsert,
  'meetingId' | 'order'
> & { options: string[]; choices: number })[] = [
  {
    name: 'Approve the 2025 financial statements',
    header: 'Do you approve the audited financial statements for 2025?',
    options: ['For', 'Against', 'Abstain'],
    // abstentions are left out of the votes cast (docs/verdicts.md)
    exclusions: ['Abstain'],
    choices: 1,
    // owners find their receipt and its choice in the published count (docs/verifiability.md)
    openVerification: true,
  },
  {
    name: 'Elect two directors',
    header: 'Choose up to two candidates for the board.',
    options: ['Grace Lee', 'Hugo Rossi', 'Irene Walsh', 'Jamal Carter'],
    choices: 2,
  },
  {
    name: 'Replace the lobby windows',
    header: 'Special resolution: replace the lobby windows in 2026.',
    options: ['For', 'Against'],
    choices: 1,
    // a special resolution: at least two-thirds of the votes cast, by shares
    threshold: { numerator: 2, denominator: 3, strict: false },
  },
  {
    name: 'Elect the reserve fund committee',
    header:
      'Rank the candidates in your order of preference; three seats, counted by single transferable vote.',
    options: [
      'Nora Fitzgerald',
      'Omar Haddad',
      'Pia Schulz',
      'Quentin Roy',
      'Rosa Delgado',
    ],
    choices: 3,
    votingMethod: 'ranked',
  },
  {
    name: 'Elect two social committee members',
    header:
      'You have two votes: give both to one candidate or one each to two candidates.',
    options: ['Sam Osei', 'Tara Nguyen', 'Uma Rao'],
    choices: 2,
    votingMethod: 'cumulative',
  },
];

/**
 * Nominations for next year's board, open until two days before the meeting (docs/elections.md,
 * "Nominations"): one the chair accepted, one waiting for the chair's decision.
 */
const DEMO_NOMINATIONS: {
  unit: string;
  name: string;
  statement: string;
  status: 'submitted' | 'accepted';
}[] = [
  {
    unit: '103',
    name: 'Chloé Martin',
    statement:
      'Owner since 2015, accountant by trade. I would like to help the board plan the reserve fund and keep the fees predictable.',
    status: 'accepted',
  },
  {
    unit: '104',
    name: 'Victor Hale',
    statement:
      'Victor is a retired building engineer on the fourth floor and has offered to look after the repairs schedule.',
    status: 'submitted',
  },
];
/** Days before the meeting when nominations close. */
const NOMINATION_DAYS_BEFORE = 2;

export interface DemoVoterLink {
  unit: string;
  name: string;
  email: string;
  controlNumber: string;
  portalUrl: string;
}

export interface DemoDetails {
  accountKey: string;
  signIn: { username: string; password: string; tokenUrl: string };
  /** Another manager of the account, for the second entry of floor ballots. */
  secondManager: { username: string; password: string };
  /** A clerk: the desk and the floor only (docs/team.md). */
  clerk: { username: string; password: string };
  meeting: { shortCode: string; name: string; url: string; apiUrl: string };
  consoleUrl: string;
  controlRoomUrl: string;
  /** The check-in desk (docs/hybrid-meetings.md). */
  deskUrl: string;
  /** Valid for 24 hours from this report. */
  screenUrl: string;
  voters: DemoVoterLink[];
  /** Named proxy holders and their personal links to the holder page. */
  holders: DemoHolderLink[];
  created: boolean;
}

/**
 * The demo account, chair and meeting (members with one voter each and three matters):
 * created once, then reported with fresh personal portal links and a screen link.
 */
@Injectable()
export class DemoSeedService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly users: UsersService,
    private readonly usersRepository: UsersRepository,
    private readonly demo: DemoRepository,
    private readonly inviteTokens: InviteTokensService,
    private readonly screenTokens: ScreenTokensService,
    private readonly holderTokens: HolderTokensService,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * The entry the gateway's own service would have written for the same step, by the gateway
   * itself: nobody did it by hand (docs/verifiability.md).
   */
  private log(
    meetingId: string,
    kind: AuditKind,
    subject: { type: string; key?: string; label?: string },
    changes?: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record({
      meetingId,
      kind,
      actor: 'system',
      subject,
      changes,
    });
  }

  async seed(): Promise<DemoDetails> {
    return this.unitOfWork.run(async () => {
      const existing = await this.usersRepository.findByEmail(DEMO_EMAIL);
      let meeting = existing
        ? await this.demo.firstMeetingOfUser(existing.id)
        : undefined;
      const created = !meeting;
      const chairId =
        existing?.id ??
        (
          await this.users.create({
            email: DEMO_EMAIL,
            password: DEMO_PASSWORD,
            name: 'Demo Chair',
          })
        ).id;
      meeting ??= await this.createMeeting();
      await this.ensureTeam(meeting.accountKey);
      if ((await this.demo.memberCount(meeting.id)) === 0)
        await this.populate(meeting.id, chairId);
      return this.details(meeting, chairId, created);
    });
  }

  /** The demo's team beside the chair: a second manager and a clerk, also on a demo made before there were. */
  private async ensureTeam(accountKey: string): Promise<void> {
    for (const member of DEMO_TEAM) {
      if (!(await this.usersRepository.findByEmail(member.email)))
        await this.users.create({
          email: member.email,
          password: member.password,
          name: member.name,
        });
      await this.accounts.adminSetMembership(accountKey, member.email, true);
      await this.accounts.adminSetRoles(accountKey, member.email, member.roles);
    }
  }

  private async createMeeting(): Promise<DemoMeetingRow> {
    const account = await this.accounts.create({
      name: 'Harbourview Condominium Corp.',
      nameShort: 'Harbourview',
    });
    await this.accounts.adminSetMembership(account.key, DEMO_EMAIL, true);
    const meetingDate = new Date(this.clock.nowMs() + 7 * 86_400_000);
    meetingDate.setUTCHours(23, 0, 0, 0);
    const row = await this.demo.insertMeeting({
      accountId: account.key,
      shortCode: generateShortCode(),
      name: 'Annual General Meeting 2026',
      description: 'Demo meeting created on first start.',
      type: 'agm',
      meetingDate,
      expiryDate: new Date(meetingDate.getTime() - 86_400_000),
      nominationExpiryDate: new Date(
        meetingDate.getTime() - NOMINATION_DAYS_BEFORE * 86_400_000,
      ),
      location: 'Harbourview party room',
      meetingTimezone: 'America/Toronto',
      duration: 90,
      quorumMinimum: 6,
      defaultProxyHolders: DEFAULT_HOLDERS,
      questionCategories: QUESTION_CATEGORIES,
      contact: {
        email: DEMO_EMAIL,
        name: 'Demo Chair',
        preferredName: 'Chair',
      },
      corporation: {
        legalName: 'Harbourview Condominium Corporation No. 1',
        legalNameShort: 'HCC 1',
      },
    });
    await this.log(
      row.id,
      'meeting.create',
      { type: 'meeting', key: row.shortCode, label: row.name },
      {
        after: {
          name: row.name,
          meetingDate: row.meetingDate.toISOString(),
          meetingTimezone: row.meetingTimezone,
          location: row.location,
          quorumMinimum: row.quorumMinimum,
          nominationExpiryDate: row.nominationExpiryDate?.toISOString(),
        },
      },
    );
    return {
      id: row.id,
      accountKey: account.key,
      shortCode: row.shortCode,
      name: row.name,
      meetingDate: row.meetingDate,
      duration: row.duration,
    };
  }

  private async populate(meetingId: string, chairId: string): Promise<void> {
    await this.log(
      meetingId,
      'demo.seed',
      { type: 'meeting' },
      {
        members: DEMO_MEMBERS.length,
        matters: DEMO_MATTERS.length,
        proxies: DEMO_PROXIES.length,
        questions: DEMO_QUESTIONS.length,
        nominations: DEMO_NOMINATIONS.length,
      },
    );
    const taken = new Set<string>();
    const members = new Map<
      string,
      { memberId: string; voterId: string; voterName: string }
    >();
    for (const member of DEMO_MEMBERS) {
      const controlNumber = generateUniqueControlNumber(taken);
      taken.add(controlNumber);
      const row = await this.demo.insertMember({
        meetingId,
        unit: member.unit,
        shares: member.shares,
        controlNumber,
      });
      const voterId = await this.demo.insertVoter({
        memberId: row.id,
        meetingId,
        name: member.voter,
        email: `${member.email}@demo.livevote.test`,
        rsvp: member.rsvp ?? null,
        rsvpAt: member.rsvp ? this.clock.now() : null,
        attending: member.rsvp === 'in_person',
        checkedInAt: member.checkedIn ? this.clock.now() : null,
        inAttendance: member.checkedIn ?? false,
        language: member.language ?? null,
      });
      members.set(member.unit, {
        memberId: row.id,
        voterId,
        voterName: member.voter,
      });
      await this.log(
        meetingId,
        'member.create',
        { type: 'member', key: row.id, label: member.unit },
        { after: { unit: member.unit, shares: member.shares } },
      );
      await this.log(
        meetingId,
        'voter.create',
        { type: 'voter', key: voterId, label: member.voter },
        {
          after: {
            name: member.voter,
            email: `${member.email}@demo.livevote.test`,
          },
        },
      );
      if (member.checkedIn)
        await this.log(
          meetingId,
          'check_in.create',
          { type: 'voter', key: voterId, label: member.voter },
          { by: 'pick' },
        );
    }
    const matters = await this.demo.insertMatters(
      DEMO_MATTERS.map((matter, index) => ({
        meetingId,
        ...matter,
        order: index + 1,
      })),
    );
    for (const [index, matter] of matters.entries())
      await this.log(
        meetingId,
        'matter.create',
        { type: 'matter', key: matter.id, label: DEMO_MATTERS[index].name },
        {
          after: {
            name: DEMO_MATTERS[index].name,
            options: DEMO_MATTERS[index].options,
            choices: DEMO_MATTERS[index].choices,
            votingMethod: DEMO_MATTERS[index].votingMethod ?? 'plurality',
          },
        },
      );
    await this.seedProxies(meetingId, members, matters);
    await this.seedQuestions(meetingId, members);
    await this.seedNominations(meetingId, members, chairId);
  }

  /** Sent from the portal some days ago; the accepted one decided by the demo chair. */
  private async seedNominations(
    meetingId: string,
    members: Map<string, { memberId: string; voterId: string }>,
    chairId: string,
  ): Promise<void> {
    const now = this.clock.now();
    const rows = await this.demo.insertNominations(
      DEMO_NOMINATIONS.map((nomination, index) => {
        const member = members.get(nomination.unit)!;
        const at = new Date(
          now.getTime() - (DEMO_NOMINATIONS.length - index) * 86_400_000,
        );
        return {
          meetingId,
          memberId: member.memberId,
          voterId: member.voterId,
          name: nomination.name,
          statement: nomination.statement,
          status: nomination.status,
          submittedAt: at,
          decidedAt: nomination.status === 'accepted' ? at : null,
          decidedBy: nomination.status === 'accepted' ? chairId : null,
        };
      }),
    );
    for (const [index, nomination] of DEMO_NOMINATIONS.entries()) {
      const subject = {
        type: 'nomination',
        key: rows[index].id,
        label: nomination.name,
      };
      await this.log(meetingId, 'nomination.submit', subject, {
        unit: nomination.unit,
        name: nomination.name,
        statementLength: nomination.statement.length,
        nomineeEmail: false,
      });
      if (nomination.status === 'accepted')
        await this.log(meetingId, 'nomination.accept', subject, {
          unit: nomination.unit,
          status: { from: 'submitted', to: 'accepted' },
        });
    }
  }

  private async seedQuestions(
    meetingId: string,
    members: Map<
      string,
      { memberId: string; voterId: string; voterName: string }
    >,
  ): Promise<void> {
    const now = this.clock.now();
    const rows = await this.demo.insertQuestions(
      DEMO_QUESTIONS.map((question, index) => {
        const member = members.get(question.unit)!;
        const at = new Date(
          now.getTime() - (DEMO_QUESTIONS.length - index) * 3_600_000,
        );
        return {
          meetingId,
          memberId: member.memberId,
          voterId: member.voterId,
          voterName: member.voterName,
          category: question.category,
          text: question.text,
          status: question.status,
          reply: question.reply ?? null,
          repliedAt: question.reply ? at : null,
          askedAt: at,
          updatedAt: at,
        };
      }),
    );
    for (const [index, question] of DEMO_QUESTIONS.entries()) {
      if (question.status === 'new') continue;
      await this.log(
        meetingId,
        question.status === 'approved' ? 'question.approve' : 'question.answer',
        {
          type: 'question',
          key: rows[index].id,
          label: question.unit,
          category: question.category,
        } as { type: string },
        {
          status: { from: 'new', to: question.status },
          ...(question.reply
            ? { reply: { from: null, to: question.reply } }
            : {}),
        },
      );
    }
  }

  /** Written as stored, like a meeting some weeks into its proxy period (docs/proxies.md). */
  private async seedProxies(
    meetingId: string,
    members: Map<string, { memberId: string; voterName: string }>,
    matters: { id: string }[],
  ): Promise<void> {
    const now = this.clock.now();
    const holders = {
      secretary: await this.demo.insertHolder({
        meetingId,
        name: SECRETARY,
        isDefault: true,
      }),
      named: await this.demo.insertHolder({
        meetingId,
        ...NAMED_HOLDER,
        isDefault: false,
      }),
    };
    const rows = await this.demo.insertProxies(
      DEMO_PROXIES.map((proxy, index) => {
        const member = members.get(proxy.unit)!;
        const holder = holders[proxy.holder];
        const at = new Date(
          now.getTime() - (DEMO_PROXIES.length - index) * 3_600_000,
        );
        return {
          meetingId,
          memberId: member.memberId,
          holderId: holder.id,
          holderName: holder.name,
          holderEmail: holder.email,
          directions: matters.map((matter, matterIndex) => ({
            matterKey: matter.id,
            ...(proxy.directions?.[matterIndex] ?? { choices: null }),
          })),
          source: proxy.source,
          status: proxy.status,
          rejectReason: proxy.rejectReason ?? null,
          signedName: member.voterName,
          submittedAt: at,
          verifiedAt: proxy.status === 'verified' ? at : null,
          rejectedAt: proxy.status === 'rejected' ? at : null,
          withdrawnAt: proxy.status === 'withdrawn' ? at : null,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
    // what a manager did to them; the owners' own electronic proxies are not a manager's
    for (const [index, proxy] of DEMO_PROXIES.entries()) {
      const subject = {
        type: 'proxy',
        key: rows[index].id,
        label: proxy.unit,
      };
      const holder = holders[proxy.holder].name;
      if (proxy.source === 'paper')
        await this.log(meetingId, 'proxy.paper', subject, {
          after: { holder, source: 'paper' },
        });
      if (proxy.status === 'verified')
        await this.log(meetingId, 'proxy.verify', subject, {
          status: { from: 'submitted', to: 'verified' },
        });
      if (proxy.status === 'rejected')
        await this.log(meetingId, 'proxy.reject', subject, {
          status: { from: 'submitted', to: 'rejected' },
          rejectReason: proxy.rejectReason,
        });
    }
  }

  private async details(
    meeting: DemoMeetingRow,
    chairId: string,
    created: boolean,
  ): Promise<DemoDetails> {
    const { publicUrl } = this.config;
    const { shortCode } = meeting;
    const voters = await this.demo.votersOfMeeting(meeting.id);
    const screen = await this.screenTokens.issueFor(meeting, chairId);
    return {
      accountKey: meeting.accountKey,
      signIn: {
        username: DEMO_EMAIL,
        password: DEMO_PASSWORD,
        tokenUrl: `${publicUrl}/auth/token`,
      },
      secondManager: {
        username: DEMO_SECOND_EMAIL,
        password: DEMO_SECOND_PASSWORD,
      },
      clerk: { username: DEMO_CLERK_EMAIL, password: DEMO_CLERK_PASSWORD },
      meeting: {
        shortCode,
        name: meeting.name,
        url: meetingPortalUrl(shortCode, this.config),
        apiUrl: `${publicUrl}/v1/Meetings/${shortCode}`,
      },
      consoleUrl: `${publicUrl}/`,
      controlRoomUrl: `${publicUrl}/meetings/${shortCode}/live`,
      deskUrl: `${publicUrl}/meetings/${shortCode}/check-in`,
      screenUrl: screen.screenUrl,
      voters: voters.map((voter) => ({
        unit: voter.unit,
        name: voter.name,
        email: voter.email,
        controlNumber: voter.controlNumber,
        portalUrl: personalPortalLink(
          publicUrl,
          shortCode,
          this.inviteTokens.issue(voter, meeting),
        ),
      })),
      holders: (await this.demo.namedHolders(meeting.id)).map((holder) => ({
        name: holder.name,
        email: holder.email ?? '',
        holderUrl: holderLink(
          publicUrl,
          shortCode,
          this.holderTokens.issueLink(holder.id, meeting),
        ),
      })),
      created,
    };
  }
}
