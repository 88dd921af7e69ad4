import { z } from './zod';

/** Every Kafka message carries this envelope; `data` is validated by the event's own schema. */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().regex(/^[a-z]+\.[a-z0-9-]+\.v\d+$/, 'type must be <producer>.<event-name>.v<N>'),
  occurredAt: z.string().datetime(),
  producer: z.string().min(1),
  traceId: z.string().min(1),
  data: z.unknown(),
});

export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

export interface EventDefinition<S extends z.ZodTypeAny = z.ZodTypeAny> {
  /** `<producer>.<entity>-<past-verb>.v<N>`; also the Kafka topic name. */
  type: string;
  topic: string;
  dlqTopic: string;
  producer: string;
  version: number;
  schema: S;
}

export type EventData<D extends EventDefinition> = z.infer<D['schema']>;

/** Declares an event owned by its producer. Within a version, only add optional fields. */
export function defineEvent<S extends z.ZodTypeAny>(type: string, schema: S): EventDefinition<S> {
  const match = /^([a-z]+)\.([a-z0-9-]+)\.v(\d+)$/.exec(type);
  if (!match) throw new Error(`event type '${type}' must look like <producer>.<event-name>.v<N>`);
  return { type, topic: type, dlqTopic: `${type}.dlq`, producer: match[1]!, version: Number(match[3]), schema };
}
