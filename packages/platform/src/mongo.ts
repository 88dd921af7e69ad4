import mongoose, { type Connection } from 'mongoose';

/**
 * One connection per service database. Data code must run on MongoDB 7 and FerretDB 1.24 alike: no
 * transactions, change streams, TTL, text, collation or partial indexes; single-document atomic updates.
 */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
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
