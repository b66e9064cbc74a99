/** react-query keys, one place, so invalidations match what the pages read. */
export const queryKeys = {
  /** The secret of a two-step set-up under way: one for the whole set-up. */
  mfaSecret: () => ['mfa-secret'] as const,
  accounts: (searchText: string) => ['accounts', searchText] as const,
  account: (accountKey: string) => ['account', accountKey] as const,
  team: (accountKey: string) => ['account', accountKey, 'team'] as const,
  invitations: (accountKey: string) =>
    ['account', accountKey, 'invitations'] as const,
  meetings: (accountKey: string, searchText?: string) =>
    searchText === undefined
      ? (['meetings', accountKey] as const)
      : (['meetings', accountKey, searchText] as const),
  meeting: (shortCode: string) => ['meeting', shortCode] as const,
  settings: (shortCode: string) => ['meeting', shortCode, 'settings'] as const,
  stats: (shortCode: string) => ['meeting', shortCode, 'stats'] as const,
  members: (shortCode: string) => ['meeting', shortCode, 'members'] as const,
  membersPage: (
    shortCode: string,
    searchText: string,
    page: number,
    size: number,
  ) => ['meeting', shortCode, 'members', searchText, page, size] as const,
  allMembers: (shortCode: string) =>
    ['meeting', shortCode, 'members', 'all'] as const,
  matters: (shortCode: string) => ['meeting', shortCode, 'matters'] as const,
  matterVoters: (shortCode: string, matterKey: string, votesCast: number) =>
    ['meeting', shortCode, 'matters', matterKey, 'voters', votesCast] as const,
  floorPending: (shortCode: string, matterKey: string) =>
    ['meeting', shortCode, 'matters', matterKey, 'floor-pending'] as const,
  questions: (shortCode: string) =>
    ['meeting', shortCode, 'questions'] as const,
  ownQuestions: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'questions'] as const,
  nominations: (shortCode: string) =>
    ['meeting', shortCode, 'nominations'] as const,
  ownNominations: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'nominations'] as const,
  notVoted: (
    shortCode: string,
    matterKey: string,
    votesCast: number,
    searchText: string,
    page: number,
  ) =>
    [
      'meeting',
      shortCode,
      'matters',
      matterKey,
      'not-voted',
      votesCast,
      searchText,
      page,
    ] as const,
  signOff: (shortCode: string) => ['meeting', shortCode, 'sign-off'] as const,
  documents: (shortCode: string) =>
    ['meeting', shortCode, 'documents'] as const,
  screenTokens: (shortCode: string) =>
    ['meeting', shortCode, 'screen-tokens'] as const,
  proxies: (shortCode: string, status = '', holder = '') =>
    ['meeting', shortCode, 'proxies', status, holder] as const,
  proxyHolders: (shortCode: string) =>
    ['meeting', shortCode, 'proxy-holders'] as const,
  defaultHolderView: (shortCode: string, holderKey: string) =>
    ['meeting', shortCode, 'proxy-holders', holderKey] as const,
  checkIns: (shortCode: string) => ['meeting', shortCode, 'check-ins'] as const,
  rsvp: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'rsvp'] as const,
  checkInCode: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'check-in-code'] as const,
  portalWebcast: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'webcast'] as const,
  portalDocuments: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'documents'] as const,
  proxyForm: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'proxy-form'] as const,
  ownProxy: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'proxy'] as const,
  holderView: (shortCode: string, holderKey: string) =>
    ['holder', shortCode, holderKey] as const,
  portalMeeting: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey] as const,
  ownBallot: (shortCode: string, voterKey: string, matterKey: string) =>
    ['portal', shortCode, voterKey, 'ballot', matterKey] as const,
  receipts: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'receipts'] as const,
  portalPublished: (shortCode: string, voterKey: string, matterKey: string) =>
    ['portal', shortCode, voterKey, 'published', matterKey] as const,
  published: (shortCode: string, matterKey: string) =>
    ['meeting', shortCode, 'published', matterKey] as const,
  audit: (
    shortCode: string,
    kind: string,
    actor: string,
    from: string,
    to: string,
  ) => ['meeting', shortCode, 'audit', kind, actor, from, to] as const,
  ownBallots: (shortCode: string, voterKey: string) =>
    ['portal', shortCode, voterKey, 'ballots'] as const,
  portalEntry: (shortCode: string) => ['portal-entry', shortCode] as const,
  connected: (shortCode: string) =>
    ['meeting', shortCode, 'connected'] as const,
  webcast: (shortCode: string) => ['meeting', shortCode, 'webcast'] as const,
};
