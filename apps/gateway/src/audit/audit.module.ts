import { Module } from '@nestjs/common';
import { AuditLogService } from './audit-log.service';
import { ChainRepository } from './chain.repository';
import { ChainSealingService } from './chain-sealing.service';
import { ChainVerificationService } from './chain-verification.service';

/**
 * The audit log and the meeting's hash chain (docs/verifiability.md). Imports nothing but the
 * global modules, so every feature can record its actions here.
 */
@Module({
  providers: [
    AuditLogService,
    ChainRepository,
    ChainSealingService,
    ChainVerificationService,
  ],
  exports: [
    AuditLogService,
    ChainRepository,
    ChainSealingService,
    ChainVerificationService,
  ],
})
export class AuditModule {}
