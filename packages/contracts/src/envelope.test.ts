import { allTopics, defineEvent, eventDefinition, eventEnvelopeSchema, userRegisteredV1, z } from './index';

describe('event contracts', () => {
  it('when an event type breaks the naming rule, then defineEvent refuses it', () => {
    expect(() => defineEvent('UserRegistered', z.object({}))).toThrow(/<producer>\.<event-name>\.v<N>/);
    expect(() => defineEvent('account.user-registered', z.object({}))).toThrow();
  });

  it('when an event is defined, then its topic, dlq, producer and version follow from the type', () => {
    expect(userRegisteredV1).toMatchObject({
      topic: 'account.user-registered.v1',
      dlqTopic: 'account.user-registered.v1.dlq',
      producer: 'account',
      version: 1,
    });
    expect(eventDefinition('account.user-registered.v1')).toBe(userRegisteredV1);
    expect(allTopics()).toContain('account.roles-changed.v1.dlq');
  });

  it('when an envelope lacks a trace id or has a bad time, then the schema rejects it', () => {
    const good = {
      id: '7d7b1a8e-3f6d-4a53-9a57-3b8f2f8b1c11',
      type: 'account.user-registered.v1',
      occurredAt: new Date().toISOString(),
      producer: 'account',
      traceId: 'req-1',
      data: {},
    };
    expect(eventEnvelopeSchema.safeParse(good).success).toBe(true);
    expect(eventEnvelopeSchema.safeParse({ ...good, traceId: '' }).success).toBe(false);
    expect(eventEnvelopeSchema.safeParse({ ...good, occurredAt: 'yesterday' }).success).toBe(false);
  });
});
