// The baseline: a bare socket.io server in its own process. Every socket joins one room;
// POST /broadcast emits the posted event to that room, as the gateway emits matter.state;
// ballot.cast is acknowledged at once (the ingest harness's burst baseline).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { need } from './deps.mjs';

const { Server } = need('socket.io');

const http = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/broadcast') {
    response.writeHead(404).end();
    return;
  }
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const { event, payload } = JSON.parse(body);
    live
      .to('meeting')
      .emit(event, { ...payload, serverTime: new Date().toISOString() });
    response.writeHead(204).end();
  });
});
const io = new Server(http, {
  transports: ['websocket'],
  perMessageDeflate: false,
  serveClient: false,
});
// the gateway's namespace, so clients connect the same way to both
const live = io.of('/live');
live.on('connection', (socket) => {
  socket.join('meeting');
  // the ingest baseline: a ballot acknowledged at once, with an answer of the gateway's size
  socket.on('ballot.cast', (payload, ack) => {
    if (typeof ack !== 'function') return;
    const id = randomUUID();
    ack({
      ballotId: id,
      matterKey: payload?.matterKey,
      choices: payload?.choices,
      receipt: id.slice(0, 12),
      castAt: new Date().toISOString(),
    });
  });
});

http.listen(0, '127.0.0.1', () => {
  process.on('message', ({ id, cmd }) => {
    if (cmd === 'sockets')
      process.send({ id, ok: true, result: io.engine.clientsCount });
  });
  process.send({ ready: true, port: http.address().port });
});
process.on('disconnect', () => process.exit(0));
