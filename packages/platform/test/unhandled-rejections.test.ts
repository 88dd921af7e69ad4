import { runChild } from './support/spawn';

jest.setTimeout(30_000);

/** The services' policy for a rejection nobody handled (lifecycle.ts handleUnhandledRejections), in a real process. */
describe('unhandled rejections', () => {
  it('when the Kafka client drops a failed request nobody waits for, then the process lives on', async () => {
    const r = await runChild('unhandled-child.ts', ['kafka']);
    expect([r.code, r.stdout.trim()]).toEqual([0, 'still alive']);
  });

  it('when any other rejection is unhandled, then the process dies of it (crash-only), naming it', async () => {
    const r = await runChild('unhandled-child.ts', ['bug']);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('still alive');
    expect(r.stderr).toContain('a bug of ours');
  });
});
