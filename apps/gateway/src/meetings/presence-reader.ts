/** Live presence of a meeting (the seed's rtvPresence): voters and their units connected now. */
export abstract class PresenceReader {
  abstract meetingPresence(
    meetingId: string,
  ): Promise<{ numUnits: number; numVoters: number }>;
}

/** Before any live channel is wired, nobody can be connected. */
export class NoPresenceReader extends PresenceReader {
  meetingPresence(): Promise<{ numUnits: number; numVoters: number }> {
    return Promise.resolve({ numUnits: 0, numVoters: 0 });
  }
}
