import { landedOffsets } from './kafka';

describe("where a send's events landed, from the broker's answer", () => {
  const answer = [
    { topicName: 'trade.settlement-requested.v1', partition: 0, baseOffset: '66' },
    { topicName: 'trade.settlement-requested.v1', partition: 2, baseOffset: '67' },
    { topicName: 'trade.listing-opened.v1', partition: 1, baseOffset: '9' },
  ];

  it('when every partition of the send is in the answer, then each event has its own offset, in the order sent', () => {
    const offsets = landedOffsets(
      [
        { wire: 'trade.settlement-requested.v1', partition: 0 },
        { wire: 'trade.listing-opened.v1', partition: 1 },
        { wire: 'trade.settlement-requested.v1', partition: 0 },
        { wire: 'trade.settlement-requested.v1', partition: 2 },
      ],
      answer,
    );

    expect(offsets).toEqual([66, 9, 67, 67]);
  });

  it('when the answer leaves out a partition (kafkajs retried the send without it after its leader moved), then its events did not land', () => {
    const offsets = landedOffsets(
      [
        { wire: 'trade.settlement-requested.v1', partition: 1 },
        { wire: 'trade.settlement-requested.v1', partition: 2 },
        { wire: 'trade.settlement-requested.v1', partition: 1 },
        { wire: 'trade.listing-opened.v1', partition: undefined },
      ],
      answer,
    );

    expect(offsets).toEqual([undefined, 67, undefined, undefined]);
  });

  it('when the answer carries no offset for a partition, then its events did not land', () => {
    const offsets = landedOffsets(
      [{ wire: 'trade.listing-opened.v1', partition: 1 }],
      [{ topicName: 'trade.listing-opened.v1', partition: 1, baseOffset: '-1' }],
    );

    expect(offsets).toEqual([undefined]);
  });
});
