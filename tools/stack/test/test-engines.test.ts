import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  chooseEngines,
  dockerEndpoint,
  prepareTestEngines,
  probeDocker,
  type DockerProbe,
  type TestEngines,
} from '../src/test-engines';
import { engineUrls, engineUrlsFor, loadSettings } from '../src/settings';

// The one place `npm test` picks its engines. The Docker probe is faked for the decision; the real probe is
// exercised against a fake Docker endpoint (an HTTP server answering /_ping) and a missing socket.

const docker = (available: boolean, reason?: string) => {
  const calls: number[] = [];
  const probe = async (): Promise<DockerProbe> => {
    calls.push(1);
    return { available, reason };
  };
  return { probe, calls };
};

describe('chooseEngines', () => {
  test('when nothing is set, then the stack is used and Docker is never probed', async () => {
    const d = docker(true);
    expect(await chooseEngines({}, d.probe)).toEqual({ source: 'stack' });
    expect(d.calls).toHaveLength(0);
  });

  test('when ENGINES=containers and Docker answers, then containers are used', async () => {
    const d = docker(true);
    expect(await chooseEngines({ ENGINES: 'containers' }, d.probe)).toEqual({ source: 'containers' });
    expect(d.calls).toHaveLength(1);
  });

  test('when ENGINES=containers and no Docker engine answers, then it falls back to the stack with a one-line notice', async () => {
    const choice = await chooseEngines(
      { ENGINES: 'containers' },
      docker(false, '/var/run/docker.sock does not exist').probe,
    );
    expect(choice.source).toBe('stack');
    expect(choice.notice).toBe(
      'ENGINES=containers but no Docker engine answers (/var/run/docker.sock does not exist): using tools/stack',
    );
    expect(choice.notice).not.toContain('\n');
  });

  test('when the probe itself throws, then that counts as no Docker', async () => {
    const choice = await chooseEngines({ ENGINES: 'Containers' }, () => Promise.reject(new Error('EACCES')));
    expect(choice).toEqual({ source: 'stack', notice: expect.stringContaining('(EACCES)') });
  });

  test('when LEAGUE_EXTERNAL_ENGINES=1, then the environment wins over ENGINES', async () => {
    const d = docker(true);
    expect(await chooseEngines({ LEAGUE_EXTERNAL_ENGINES: '1', ENGINES: 'containers' }, d.probe)).toEqual({
      source: 'external',
    });
    expect(d.calls).toHaveLength(0);
  });

  test('when ENGINES names something unknown, then it refuses, naming the allowed values', async () => {
    await expect(chooseEngines({ ENGINES: 'podman' }, docker(true).probe)).rejects.toThrow(
      "ENGINES must be one of stack, containers (got 'podman')",
    );
  });
});

describe('prepareTestEngines', () => {
  const fakeContainers: TestEngines = {
    source: 'containers',
    env: { MONGO_URL: 'mongodb://h:1' },
    stop: async () => {},
  };

  test('when containers are chosen, then they start and the stack does not', async () => {
    const said: string[] = [];
    let stackStarts = 0;
    const engines = await prepareTestEngines({
      env: { ENGINES: 'containers' },
      say: (l) => said.push(l),
      startStack: () => (stackStarts += 1),
      probe: docker(true).probe,
      containers: async () => fakeContainers,
    });
    expect(engines).toBe(fakeContainers);
    expect(stackStarts).toBe(0);
    expect(said).toEqual(['starting the engines through testcontainers (ENGINES=containers)…']);
  });

  test('when Docker is missing, then it prints one line and starts the stack instead', async () => {
    const said: string[] = [];
    let stackStarts = 0;
    let containerStarts = 0;
    const engines = await prepareTestEngines({
      env: { ENGINES: 'containers' },
      say: (l) => said.push(l),
      startStack: () => (stackStarts += 1),
      probe: docker(false, 'connect ENOENT').probe,
      containers: async () => ((containerStarts += 1), fakeContainers),
    });
    expect([engines.source, stackStarts, containerStarts]).toEqual(['stack', 1, 0]);
    expect(said).toEqual(['ENGINES=containers but no Docker engine answers (connect ENOENT): using tools/stack']);
  });
});

describe('probeDocker', () => {
  test('when the socket does not exist, then Docker is unavailable and the path is named', async () => {
    const socket = path.join(os.tmpdir(), `no-docker-${process.pid}.sock`);
    expect(await probeDocker({ DOCKER_HOST: `unix://${socket}` })).toEqual({
      available: false,
      reason: `${socket} does not exist`,
    });
  });

  test('when an engine answers /_ping over tcp, then Docker is available; a 500 is not', async () => {
    let status = 200;
    const paths: string[] = [];
    const server = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(status).end('OK');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const env = { DOCKER_HOST: `tcp://127.0.0.1:${(server.address() as { port: number }).port}` };
    try {
      expect(await probeDocker(env)).toEqual({ available: true });
      status = 500;
      expect(await probeDocker(env)).toEqual({ available: false, reason: '/_ping answered 500' });
      expect(paths).toEqual(['/_ping', '/_ping']);
    } finally {
      server.close();
    }
  });

  test('when DOCKER_HOST is unset, then the default socket is probed', () => {
    expect(dockerEndpoint({})).toEqual({ socketPath: '/var/run/docker.sock' });
  });
});

describe('engineUrlsFor', () => {
  const settings = loadSettings({});

  test('when the run did not take its engines from the environment, then the stack URLs win over stray variables', () => {
    expect(engineUrlsFor(settings, { MONGO_URL: 'mongodb://elsewhere:1' })).toEqual(engineUrls(settings));
  });

  test('when LEAGUE_ENGINES_FROM_ENV=1, then each URL set in the environment is used and the rest stay the stack’s', () => {
    const urls = engineUrlsFor(settings, { LEAGUE_ENGINES_FROM_ENV: '1', KAFKA_BROKERS: '127.0.0.1:49153' });
    expect(urls).toEqual({ ...engineUrls(settings), KAFKA_BROKERS: '127.0.0.1:49153' });
  });
});
