export const E2E_ENV = 'LIVEVOTE_E2E';

export interface DemoVoter {
  unit: string;
  name: string;
  email: string;
  controlNumber: string;
  portalUrl: string;
}

/** What the global setup hands to the tests (the demo:seed report and where the gateway is). */
export interface E2eContext {
  baseUrl: string;
  demo: {
    accountKey: string;
    signIn: { username: string; password: string };
    /** A clerk of the demo account: the check-in desk and the floor only (docs/team.md). */
    clerk: { username: string; password: string };
    meeting: { shortCode: string; name: string };
    consoleUrl: string;
    controlRoomUrl: string;
    screenUrl: string;
    voters: DemoVoter[];
    /** Named proxy holders and their personal links to the holder page. */
    holders: { name: string; email: string; holderUrl: string }[];
  };
  /** A user of the demo account with the scrutineer role (docs/verdicts.md). */
  scrutineer: { username: string; password: string };
  /** Where the gateway writes its mail (no SMTP_URL): one `.eml` file a message. */
  outboxDir: string;
}

export function e2eContext(): E2eContext {
  const raw = process.env[E2E_ENV];
  if (!raw)
    throw new Error(`${E2E_ENV} is not set: run through playwright.config.ts`);
  return JSON.parse(raw) as E2eContext;
}
