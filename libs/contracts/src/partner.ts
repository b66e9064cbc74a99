import { z } from 'zod';
import { IsoDateTime } from './common';
import { MatterResult } from './results';

export const CAMPAIGN_STATUSES = [
  'active',
  'closed',
  'completed',
  'extended',
] as const;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** A campaign as listed (no stats), docs/partners.md. */
export const Campaign = z.strictObject({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  meetingDate: IsoDateTime,
  location: z.string(),
  status: CampaignStatus,
  dashboardUrl: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

/** A campaign's stats: the values are strings, as partners read them (docs/partners.md). */
export const CampaignStats = z.strictObject({
  votesSubmitted: z.string(),
  maxVoters: z.string(),
  attendingCount: z.string(),
  cachedAt: IsoDateTime,
});
export type CampaignStats = z.infer<typeof CampaignStats>;

/** A matter's result once published (after a scrutineer's sign-off where one is required). */
export const CampaignResult = MatterResult.extend({
  matterKey: z.string(),
  name: z.string(),
});
export type CampaignResult = z.infer<typeof CampaignResult>;

export const CampaignWithStats = Campaign.extend({
  stats: CampaignStats,
  /** Published results, in matter order. */
  results: z.array(CampaignResult),
});
export type CampaignWithStats = z.infer<typeof CampaignWithStats>;

export const PARTNER_SCOPE = 'meetings:read';

/**
 * POST /papi/v1/oauth/token parameters (form-encoded or JSON). Unknown parameters are
 * ignored, as RFC 6749 section 3.2 requires; a repeated parameter is an invalid_request.
 */
export const PartnerTokenRequest = z.object({
  grant_type: z
    .string()
    .max(64)
    .optional()
    .describe('authorization_code (default) or refresh_token'),
  code: z.string().max(512).optional(),
  redirect_uri: z.string().max(2048).optional(),
  code_verifier: z.string().max(512).optional(),
  refresh_token: z.string().max(512).optional(),
  client_id: z.string().max(512).optional(),
  client_secret: z.string().max(512).optional(),
  scope: z.string().max(512).optional(),
});
export type PartnerTokenRequest = z.infer<typeof PartnerTokenRequest>;

/** The partner token response, with expires_in (seconds). */
export const PartnerTokenResponse = z.strictObject({
  access_token: z.string(),
  scope: z.literal(PARTNER_SCOPE),
  token_type: z.literal('bearer'),
  refresh_token: z.string(),
  expires_in: z.number().int(),
});
export type PartnerTokenResponse = z.infer<typeof PartnerTokenResponse>;

export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'slow_down',
  'temporarily_unavailable',
] as const;

/** RFC 6749 section 5.2 error body of the token endpoint. */
export const OAuthErrorResponse = z.strictObject({
  error: z.enum(OAUTH_ERROR_CODES),
  error_description: z.string(),
});
export type OAuthErrorResponse = z.infer<typeof OAuthErrorResponse>;
