import mongoose, { type Connection } from 'mongoose';

export interface RefreshTokenDoc {
  /** sha256 of the opaque token. */
  _id: string;
  userId: string;
  /** Every token descended from one login shares a family; reuse of a rotated token revokes it all. */
  familyId: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

const schema = new mongoose.Schema(
  {
    _id: { type: String },
    userId: { type: String, required: true, index: true },
    familyId: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const refreshTokenModel = (conn: Connection) => conn.model('RefreshToken', schema, 'refresh_tokens');
export type RefreshTokenModel = ReturnType<typeof refreshTokenModel>;
