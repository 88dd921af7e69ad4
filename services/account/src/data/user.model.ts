import { outboxField } from '@league/platform';
import mongoose, { type Connection } from 'mongoose';

export interface PasswordReset {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
}

export interface UserDoc {
  _id: string;
  username: string;
  /** Lower-cased username: the unique index that makes names unique ignoring case (no collation on FerretDB). */
  usernameKey: string;
  email: string;
  emailKey: string;
  passwordHash: string;
  /** Special roles only (admin, tester, supporter_s7); a plain player has none. */
  roles: string[];
  /** Bumped on every roles change: the guard that keeps concurrent role edits from losing one another. */
  rolesVersion: number;
  twitchUrl: string | null;
  youtubeUrl: string | null;
  patreonId?: string;
  patreonConnectedAt?: Date;
  reset?: PasswordReset | null;
  createdAt: Date;
}

const schema = new mongoose.Schema(
  {
    _id: { type: String },
    username: { type: String, required: true },
    usernameKey: { type: String, required: true, unique: true },
    email: { type: String, required: true },
    emailKey: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    roles: { type: [String], default: [], index: true },
    rolesVersion: { type: Number, default: 0 },
    twitchUrl: { type: String, default: null },
    youtubeUrl: { type: String, default: null },
    // Sparse: unlinked users have no value, and one Patreon account links to at most one user.
    patreonId: { type: String, unique: true, sparse: true },
    patreonConnectedAt: { type: Date },
    reset: { type: Object, default: null },
    createdAt: { type: Date, required: true },
    outbox: outboxField,
  },
  { versionKey: false },
);

export const userModel = (conn: Connection) => conn.model('User', schema, 'users');
export type UserModel = ReturnType<typeof userModel>;
