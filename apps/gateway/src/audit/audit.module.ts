import { Module } from '@nestjs/common';
import { AuditLog } from './audit-log';
import { ChainRepository } from './chain.repository';
import { ChainSealer } from './chain-sealer';
import { ChainVerifier } from './chain-verifier';

/**
 * The audit log and the meeting's hash chain (docs/verifiability.md). Imports nothing but the
 * global modules, so every feature can record its actions here.
 */
@Module({
  providers: [AuditLog, ChainRepository, ChainSealer, ChainVerifier],
  exports: [AuditLog, ChainRepository, ChainSealer, ChainVerifier],
})
export class AuditModule {}
