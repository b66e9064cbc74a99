// Child processes of a harness: the load generator and the bare socket.io server.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { rssOf } from './gateway.mjs';

const GENERATOR = fileURLToPath(new URL('./generator.mjs', import.meta.url));
const BARE_SERVER = fileURLToPath(
  new URL('./bare-server.mjs', import.meta.url),
);

/** Forks a module that speaks the { id, cmd, args } / { id, ok, result } IPC protocol. */
async function forkWorker(module, execArgv = [], env = process.env) {
  const child = fork(module, [], {
    execArgv,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map();
  let nextId = 0;
  let ready;
  const readyMessage = new Promise((resolve) => (ready = resolve));
  child.on('message', (message) => {
    if (message.ready) return ready(message);
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.ok) call.resolve(message.result);
    else call.reject(new Error(message.error));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code) => {
    for (const call of pending.values())
      call.reject(new Error(`${module} exited with ${code}`));
    pending.clear();
  });
  const info = await Promise.race([
    readyMessage,
    exited.then((code) =>
      Promise.reject(new Error(`${module} exited with ${code}`)),
    ),
  ]);
  return {
    info,
    pid: child.pid,
    rss: () => rssOf(child.pid),
    call(cmd, args) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, cmd, args });
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * BENCH_GENERATOR_CPU_PROF=<dir> profiles the generator too; BENCH_GENERATOR_NODE_ARGS adds
 * Node.js flags (`--trace-gc`, say).
 */
export const forkGenerator = () =>
  forkWorker(GENERATOR, [
    '--max-old-space-size=4096',
    '--expose-gc',
    ...(process.env.BENCH_GENERATOR_NODE_ARGS?.split(' ').filter(Boolean) ??
      []),
    ...(process.env.BENCH_GENERATOR_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_GENERATOR_CPU_PROF}`]
      : []),
  ]);

/** A bare socket.io server (websocket, perMessageDeflate off) in its own process. */
export async function forkBareServer({ nodeArgs = [], env = {} } = {}) {
  const worker = await forkWorker(BARE_SERVER, nodeArgs, {
    ...process.env,
    ...env,
  });
  return { ...worker, url: `http://127.0.0.1:${worker.info.port}` };
}
