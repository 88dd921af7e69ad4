import mongoose, { type Connection } from 'mongoose';
import { isDuplicateKey } from './errors';

/**
 * One connection per service database. Data code must run on MongoDB 7 and FerretDB 1.24 alike: no
 * transactions, change streams, TTL, text, collation or partial indexes; single-document atomic updates.
 */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  // Mongoose keeps `new Error().stack` of every query it executes (to name the first run when one is run
  // twice). Formatting a stack costs, and with --enable-source-maps (how the stack and the supervisor start
  // the apps) it maps every frame: measured under the chaos load, 2.3 s of 5 s of a season process's CPU.
  mongoose.set('skipOriginalStackTraces', true);
  const conn = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    autoIndex: true,
  });
  await conn.asPromise();
  return conn;
}

export async function mongoReady(conn: Connection): Promise<boolean> {
  if (conn.readyState !== 1 || !conn.db) return false;
  const res = await conn.db.admin().command({ ping: 1 });
  return res.ok === 1;
}

/**
 * Runs an upsert, and once more when it lost an insert race: two upserts of one missing document at once
 * both try to insert, one wins and the other fails with a duplicate key (FerretDB never retries it itself,
 * MongoDB only for some filters). The failed one changed nothing, and on the second run its filter matches
 * the winner's document, so it applies as an update. Every upsert outside an aggregate's lock goes through this.
 */
export async function upsertRacing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return write();
  }
}
