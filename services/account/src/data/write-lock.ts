/**
 * Serialises this process's writes to the account collections.
 *
 * Why: FerretDB 1.24 on SQLite (our local store) applies update operators as read, modify, write back
 * the whole document, without isolation between concurrent updates of the same document. Measured on
 * the shared stack: 60 concurrent `$inc`s on one document kept 13, and the outbox relay's `$pull`
 * raced a roles `$set` and wrote the old roles back. MongoDB 7 makes each single-document update
 * atomic, so this only matters locally; in one process a queue is enough, and conditional updates
 * (`usedAt: null`, `rolesVersion: n`) become the compare-and-set they are meant to be.
 */
export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
