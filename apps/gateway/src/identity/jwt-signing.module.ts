import { createSecretKey } from 'node:crypto';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';

/**
 * The one HS256 key every token of the gateway is signed with (manager JWTs, voter, screen,
 * invite and unsubscribe tokens; each told apart by its audience). A KeyObject: given a
 * string, jsonwebtoken first tries it as a PEM public key on every verify.
 */
export const JwtSigningModule = JwtModule.registerAsync({
  inject: [AppConfig],
  useFactory: (config: AppConfig) => ({
    secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
  }),
});
