import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess as startProcess } from '../../../scripts/lib/processes.mjs';
import {
  GATEWAY_MAIN,
  TEST_JWT_SECRET,
  type GatewayProcess,
} from './support/gateway-process';

/** `npm start` as a person sees it: the embedded default at the default log level, with the demo. */
describe('The start of a gateway process', () => {
  let node: GatewayProcess;

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', resolve(__dirname, '..')],
      { stdio: 'inherit' },
    );
    node = await startProcess({
      main: GATEWAY_MAIN,
      env: { JWT_SECRET: TEST_JWT_SECRET, SEED_DEMO: 'true' },
    });
    await bannerOf(node);
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
  });

  it('prints the demo links after it listens, and no line per route', () => {
    const output = node.output();
    const listening = output.indexOf('listening on');
    const banner = output.indexOf('Demo created.');

    expect(listening).toBeGreaterThanOrEqual(0);
    expect(banner).toBeGreaterThan(listening);
    expect(output).toContain(`Console:      http://localhost:${node.port}/`);
    // the French-speaking owner, the named proxy holder and a second manager beside the others
    expect(output).toMatch(
      /Voter 106: +http\S+\?invite=\S+ +\(Farid Haddad, in French\)/,
    );
    expect(output).toMatch(
      /Holder: +http\S+\/holder\?token=\S+ +\(Ivan Petrov\)/,
    );
    expect(output).toContain(
      '2nd manager:  username manager@demo.livevote.test   password demo-manager-2026',
    );
    expect(output).not.toMatch(/RoutesResolver|RouterExplorer|InstanceLoader/);
    // the readiness probes above were requests: at the default level none is a line
    expect(output).not.toContain('"req":');
    expect(output.split('\n').length).toBeLessThan(32);
  });

  it('stops with one clear line and no links when its port is taken', async () => {
    const second = spawnOnPort(node.port);
    const code = await second.exited;

    expect(code).toBe(1);
    expect(second.stderr().trim()).toBe(
      `Port ${node.port} on 127.0.0.1 is already in use: stop the other process or set PORT to a free port.`,
    );
    expect(second.stdout()).not.toContain('Demo');
    expect(second.stdout()).not.toContain('Console:');
  }, 60_000);

  it('is not taken for ready when another gateway answers on its port', async () => {
    // the helper every test and bench starts nodes with: the other node's /readyz answers
    // 200 at once, and trusting it would hand the caller a gateway with another secret
    const clash = startProcess({
      main: GATEWAY_MAIN,
      port: node.port,
      env: { JWT_SECRET: 'another-secret-another-secret-another-0' },
    });

    await expect(clash).rejects.toThrow(/exited early[\s\S]*already in use/);
  }, 60_000);
});

/** Resolves once the demo banner is out (printed after `listen`). */
function bannerOf(node: GatewayProcess): Promise<void> {
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`no banner in:\n${node.output()}`)),
      30_000,
    );
    const check = () => {
      if (!node.output().includes('Meeting:')) return;
      clearTimeout(timer);
      node.child.stdout!.off('data', check);
      done();
    };
    node.child.stdout!.on('data', check);
    check();
  });
}

function spawnOnPort(port: number) {
  const dataDir = mkdtempSync(resolve(tmpdir(), 'lv-clash-'));
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      done(code ?? signal ?? 'unknown');
    }),
  );
  return { exited, stdout: () => stdout, stderr: () => stderr };
}
