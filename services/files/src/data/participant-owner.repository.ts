import { upsertRacing } from '@league/platform';
import { Schema, type Connection, type Model } from 'mongoose';

/** Read model fed by season.participant-joined.v1: who owns a participant (for the launcher's own files). */
export interface ParticipantOwner {
  /** The participant id, as the character-file routes carry it. */
  _id: string;
  usernameKey: string;
  seasonId: number;
}

const schema = new Schema<ParticipantOwner>(
  {
    _id: { type: String, required: true },
    usernameKey: { type: String, required: true },
    seasonId: { type: Number, required: true },
  },
  { collection: 'participant_owners', versionKey: false },
);

export class ParticipantOwnerRepository {
  readonly model: Model<ParticipantOwner>;
  constructor(conn: Connection) {
    this.model = conn.models.ParticipantOwner ?? conn.model<ParticipantOwner>('ParticipantOwner', schema);
  }

  /** Idempotent: a redelivered event writes the same document. */
  async record(participantId: number, username: string, seasonId: number): Promise<void> {
    await upsertRacing(() =>
      this.model.updateOne(
        { _id: String(participantId) },
        { $set: { usernameKey: username.trim().toLowerCase(), seasonId } },
        { upsert: true },
      ),
    );
  }

  async isOwner(participantId: string, username: string): Promise<boolean> {
    const found = await this.model.findById(participantId).lean<ParticipantOwner>();
    return !!found && found.usernameKey === username.trim().toLowerCase();
  }
}
