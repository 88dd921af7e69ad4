import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StackError } from '../src/errors';
import { requireTool } from '../src/provision';
import { loadSettings } from '../src/settings';
import { status, up } from '../src/stack';

describe('tools/stack', () => {
  it('when an engine port is held by another process, then up names the port, the engine and the holder', async () => {
    const squatter = net.createServer();
    await new Promise<void>((r) => squatter.listen(0, '127.0.0.1', () => r()));
    const port = (squatter.address() as net.AddressInfo).port;
    const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-test-'));
    const settings = loadSettings({ ...process.env, REDIS_PORT: String(port), LEAGUE_LOCAL_DIR: localDir });
    try {
      const err = await up(['redis'], () => undefined, settings).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StackError);
      expect((err as Error).message).toBe(
        `port ${port} for redis is already taken by node (pid ${process.pid}); stop it or choose another port (see README, "Ports")`,
      );
    } finally {
      squatter.close();
    }
  });

  it('when a toolchain is missing, then one line says what to install', () => {
    expect(() => requireTool('no-such-toolchain-xyz', 'install the Go toolchain')).toThrow(
      new StackError('no-such-toolchain-xyz not found: install the Go toolchain'),
    );
  });

  it('when an engine name is unknown, then up refuses and lists the engines', async () => {
    await expect(up(['postgres'], () => undefined)).rejects.toThrow(
      "unknown engine 'postgres'; engines: redis, ferretdb, kafka, minio, mailpit (opt-in: kafka-cluster)",
    );
  });

  it('when a port variable is not a port, then settings refuse it by name', () => {
    expect(() => loadSettings({ ...process.env, KAFKA_PORT: '99999' })).toThrow(
      "KAFKA_PORT must be a TCP port (1-65535), got '99999'",
    );
  });

  it('when the stack is up, then every engine reports healthy over its own protocol', async () => {
    const rows = await status();
    expect(rows.map((r) => [r.name, r.healthy])).toEqual([
      ['redis', true],
      ['ferretdb', true],
      ['kafka', true],
      ['minio', true],
      ['mailpit', true],
    ]);
  });
});
