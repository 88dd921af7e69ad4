import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StackError } from '../src/errors';
import { classDataArchive } from '../src/engines';
import { mayRestorePriority, restorePriority, startDetached } from '../src/proc';
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

  it('when an engine starts niced, then each of its threads runs niced until its priority is given back', () => {
    if (!mayRestorePriority()) return; // only root starts engines niced (it alone can give the priority back)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-nice-'));
    // A process with a second thread: node's own worker threads (the pool, the inspector…).
    const pid = startDetached(process.execPath, ['-e', 'setTimeout(() => undefined, 30_000)'], {
      cwd: dir,
      log: path.join(dir, 'log'),
      nice: 10,
    });
    const niceOf = () =>
      fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]); // field 19: nice
      });
    try {
      const deadline = Date.now() + 5_000;
      while (niceOf().length < 2 && Date.now() < deadline)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      expect(niceOf().length).toBeGreaterThan(1);
      expect(new Set(niceOf())).toEqual(new Set([10]));
      restorePriority(pid);
      expect(new Set(niceOf())).toEqual(new Set([0]));
    } finally {
      process.kill(pid, 'SIGKILL');
    }
  });

  it('when a broker left a class-data archive cut short, then it is thrown away and the next clean stop writes one again', () => {
    const java = requireTool('java', 'install a Java 17 runtime');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-cds-'));
    // No archive yet: the broker is asked to write one at its exit, under a name of its own.
    expect(classDataArchive(java, [], dir, dir)).toBe(`-XX:ArchiveClassesAtExit=${path.join(dir, 'kafka.jsa.new')}`);
    // A JVM killed while writing it leaves a file no JVM can map (mapping one cut short crashes the JVM).
    fs.writeFileSync(path.join(dir, 'kafka.jsa.new'), Buffer.alloc(4096, 1));
    expect(classDataArchive(java, [], dir, dir)).toBe(`-XX:ArchiveClassesAtExit=${path.join(dir, 'kafka.jsa.new')}`);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
