import type { Sequences } from '@league/platform';
import type { StashModels } from './models';

/** Hands out the next numeric id of a sequence. */
export type IdSource = (name: string) => Promise<number>;

/**
 * participantItemIds from the platform's Redis sequences (atomic INCR across processes); a sequence that
 * does not exist yet starts above the highest stored item id.
 */
export function sequenceIds(sequences: Sequences, models: StashModels): IdSource {
  const floor = async () =>
    (await models.StashItem.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean<{ _id: number }>())?._id ?? 0;
  return (name) => sequences.next(name, floor);
}
