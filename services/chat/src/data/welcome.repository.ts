import type { Model } from 'mongoose';
import { upsertRacing } from '@league/platform';
import type { StoredWelcomeMessage, WelcomeDoc } from './welcome.model';

const ID = 'welcome';

export interface WelcomeState {
  messages: StoredWelcomeMessage[];
  nextId: number;
  version: number;
}

export class WelcomeRepository {
  constructor(private readonly model: Model<WelcomeDoc>) {}

  async read(): Promise<WelcomeState> {
    // Every hub Welcome reads this: write (create the document) only the first time.
    const doc =
      (await this.model.findById(ID).lean<WelcomeDoc>()) ??
      (await upsertRacing(() =>
        this.model
          .findOneAndUpdate(
            { _id: ID },
            { $setOnInsert: { messages: [], nextId: 1, version: 0 } },
            { upsert: true, new: true },
          )
          .lean<WelcomeDoc>()
          .exec(),
      ));
    return {
      messages: [...(doc?.messages ?? [])]
        .map((m) => ({ ...m, timestamp: new Date(m.timestamp) }))
        .sort((a, b) => a.displayOrder - b.displayOrder),
      nextId: doc?.nextId ?? 1,
      version: doc?.version ?? 0,
    };
  }

  /** Writes the new state only if nobody saved in between; false = read again and retry. */
  async write(previous: WelcomeState, next: Omit<WelcomeState, 'version'>): Promise<boolean> {
    const res = await this.model.collection.updateOne(
      { _id: ID, version: previous.version } as never,
      { $set: { messages: next.messages, nextId: next.nextId, version: previous.version + 1 } } as never,
    );
    return res.modifiedCount === 1;
  }
}
