import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';

/** A free TCP port on the loopback interface (one the kernel picks). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** The lowest port the kernel gives outgoing connections (ip_local_port_range; 32768 where it cannot be read). */
function ephemeralLow(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A base of `count` free ports in a row (a ReplicatedSite's `portBase`: 10 per app), below the range the kernel takes
 * outgoing connections' ports from: a port free when probed there could be an outgoing connection's a moment
 * later, and the replica meant to listen on it would fail to start (EADDRINUSE).
 */
export async function freePortBase(count = 60): Promise<number> {
  const low = 20_000;
  const high = Math.max(low + 10, ephemeralLow() - count);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = low + randomInt(0, Math.floor((high - low) / 10)) * 10;
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return base;
  }
  throw new Error(`no ${count} free ports in a row below the ephemeral range`);
}
