// The chair's console socket, in the harness's own process: it keeps the matter.tally events
// the chair sees, to compare with the recount.
import { need } from './deps.mjs';

/** A chair socket subscribed to the meeting; `tallies` are its matter.tally events in order. */
export async function chairSocket(url, token, shortCode) {
  const { io } = need('socket.io-client');
  const socket = io(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const tallies = [];
  socket.on('matter.tally', (event) => tallies.push(event));
  await new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () =>
      socket.emit('subscribe', { shortCode }, (reply) =>
        reply && reply.error
          ? reject(new Error(JSON.stringify(reply.error)))
          : resolve(),
      ),
    );
  });
  return {
    tallies,
    /**
     * The first tally event of `matterKey` after the `from`-th that satisfies `test`, as it
     * arrives; null after `timeoutMs` without one.
     */
    waitFor(matterKey, test, { from = 0, timeoutMs = 20_000 } = {}) {
      const matches = (event) => event.matterKey === matterKey && test(event);
      const found = tallies.slice(from).find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const timer = setTimeout(() => done(null), timeoutMs);
        const listen = (event) => matches(event) && done(event);
        const done = (event) => {
          clearTimeout(timer);
          socket.off('matter.tally', listen);
          resolve(event);
        };
        socket.on('matter.tally', listen);
      });
    },
    close: () => socket.close(),
  };
}

/** A matter.tally event as `{ votes, byOption }` (live ballots per option), to compare. */
export const tallyOfEvent = (event) =>
  event && {
    votes: event.votesCast,
    byOption: Object.fromEntries(
      event.rows
        .filter((row) => row.numLiveVotes > 0)
        .map((row) => [row.vote, row.numLiveVotes]),
    ),
  };

/** The shared running tally in Redis (`<prefix>:tally:<matter>`) as `{ votes, byOption }`. */
export async function redisTally(client, prefix, matterId) {
  const hash = await client.hgetall(`${prefix}:tally:${matterId}`);
  if (!hash.built) return null;
  const byOption = {};
  for (const [field, value] of Object.entries(hash))
    if (field.startsWith('v|live|') && Number(value) > 0)
      byOption[field.slice('v|live|'.length)] = Number(value);
  return { votes: Number(hash.votes ?? 0), byOption };
}

/** Whether two `{ votes, byOption }` tallies are the same. */
export function sameTally(a, b) {
  if (!a || !b || a.votes !== b.votes) return false;
  const keys = new Set([
    ...Object.keys(a.byOption),
    ...Object.keys(b.byOption),
  ]);
  return [...keys].every(
    (key) => (a.byOption[key] ?? 0) === (b.byOption[key] ?? 0),
  );
}
