import { PortalSessionResponse } from '@livevote/contracts';

const key = (shortCode: string) => `livevote.voter.${shortCode}`;

/** The voter's session for this meeting in this tab, unless it has expired. */
export function loadVoterSession(
  shortCode: string,
  nowMs = Date.now(),
): PortalSessionResponse | undefined {
  try {
    const raw = window.sessionStorage.getItem(key(shortCode));
    if (!raw) return undefined;
    const stored = PortalSessionResponse.safeParse(JSON.parse(raw));
    if (!stored.success) return undefined;
    const session = stored.data;
    if (!(Date.parse(session.expiresAt) > nowMs + 60_000)) return undefined;
    return session;
  } catch {
    return undefined;
  }
}

export function saveVoterSession(
  shortCode: string,
  session: PortalSessionResponse,
): void {
  try {
    window.sessionStorage.setItem(key(shortCode), JSON.stringify(session));
  } catch {
    // without storage the session lasts as long as the page
  }
}

export function clearVoterSession(shortCode: string): void {
  try {
    window.sessionStorage.removeItem(key(shortCode));
  } catch {
    // nothing stored then
  }
}
