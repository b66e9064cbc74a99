import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { Clock } from '../common/clock';
import { generateShortCode } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/database';
import { UsersRepository } from '../identity/users.repository';
import { UsersService } from '../identity/users.service';
import { DemoRepository } from './demo.repository';

export const DEMO_EMAIL = 'chair@demo.livevote.test';
export const DEMO_PASSWORD = 'demo-chair-2026';

export interface DemoDetails {
  accountKey: string;
  signIn: { username: string; password: string; tokenUrl: string };
  meeting: { shortCode: string; name: string; url: string; apiUrl: string };
  created: boolean;
}

/** The demo account, chair and meeting of the embedded default: created once, then reported. */
@Injectable()
export class DemoSeedService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly users: UsersService,
    private readonly usersRepository: UsersRepository,
    private readonly demo: DemoRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async seed(): Promise<DemoDetails> {
    return this.unitOfWork.run(async () => {
      const existing = await this.usersRepository.findByEmail(DEMO_EMAIL);
      if (existing) {
        const meeting = await this.demo.firstMeetingOfUser(existing.id);
        if (meeting)
          return this.details(
            meeting.accountKey,
            meeting.shortCode,
            meeting.name,
            false,
          );
      }
      if (!existing)
        await this.users.create({
          email: DEMO_EMAIL,
          password: DEMO_PASSWORD,
          name: 'Demo Chair',
        });
      const account = await this.accounts.create({
        name: 'Harbourview Condominium Corp.',
        nameShort: 'Harbourview',
      });
      await this.accounts.adminSetMembership(account.key, DEMO_EMAIL, true);
      const meetingDate = new Date(this.clock.nowMs() + 7 * 86_400_000);
      meetingDate.setUTCHours(23, 0, 0, 0);
      const meeting = await this.demo.insertMeeting({
        accountId: account.key,
        shortCode: generateShortCode(),
        name: 'Annual General Meeting 2026',
        description: 'Demo meeting created on first start.',
        type: 'agm',
        meetingDate,
        expiryDate: new Date(meetingDate.getTime() - 86_400_000),
        location: 'Harbourview party room',
        meetingTimezone: 'America/Toronto',
        duration: 90,
        quorumMinimum: 3,
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
      return this.details(account.key, meeting.shortCode, meeting.name, true);
    });
  }

  private details(
    accountKey: string,
    shortCode: string,
    name: string,
    created: boolean,
  ): DemoDetails {
    return {
      accountKey,
      signIn: {
        username: DEMO_EMAIL,
        password: DEMO_PASSWORD,
        tokenUrl: `${this.config.publicUrl}/auth/token`,
      },
      meeting: {
        shortCode,
        name,
        url: `https://${shortCode}.${this.config.portalHost}`,
        apiUrl: `${this.config.publicUrl}/v1/Meetings/${shortCode}`,
      },
      created,
    };
  }
}
