/**
 * Lets the browser in (a task of its own, sooner than setTimeout's) between two steps of work: on a phone
 * each step is tens of milliseconds, and one task holding them all blocks the main thread for a few hundred
 * (Lighthouse's Total Blocking Time). Without MessageChannel (jsdom in the tests) it does not wait.
 */
export function yieldToBrowser(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
