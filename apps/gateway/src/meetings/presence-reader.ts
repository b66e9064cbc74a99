/** Live presence of a meeting (the seed's rtvPresence): voters and their units connected now. */
export abstract class PresenceReader {
  abstract meetingPresence(
    meetingId: string,
  ): Promise<{ numUnits: number; numVoters: number }>;
}
