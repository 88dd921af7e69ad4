import { easternOffsetMinutes, easternToUtc } from './eastern-time';

describe('US Eastern to UTC', () => {
  it("when Season 7's window is converted, then the start is in EDT (UTC-4) and the end in EST (UTC-5)", () => {
    expect(easternToUtc(2024, 10, 19, 11, 0).toISOString()).toBe('2024-10-19T15:00:00.000Z');
    expect(easternToUtc(2025, 1, 19, 11, 0).toISOString()).toBe('2025-01-19T16:00:00.000Z');
  });

  it('when a time falls on either side of the November change, then each gets its own offset', () => {
    expect(easternToUtc(2024, 11, 2, 11, 0).toISOString()).toBe('2024-11-02T15:00:00.000Z');
    expect(easternToUtc(2024, 11, 3, 0, 30).toISOString()).toBe('2024-11-03T04:30:00.000Z');
    expect(easternToUtc(2024, 11, 3, 3, 0).toISOString()).toBe('2024-11-03T08:00:00.000Z');
    expect(easternToUtc(2024, 11, 4, 11, 0).toISOString()).toBe('2024-11-04T16:00:00.000Z');
  });

  it('when the hour repeats in November, then the first (EDT) instant is taken', () => {
    expect(easternToUtc(2024, 11, 3, 1, 30).toISOString()).toBe('2024-11-03T05:30:00.000Z');
  });

  it('when a time falls on either side of the March change, then each gets its own offset', () => {
    expect(easternToUtc(2025, 3, 8, 11, 0).toISOString()).toBe('2025-03-08T16:00:00.000Z');
    expect(easternToUtc(2025, 3, 9, 1, 59).toISOString()).toBe('2025-03-09T06:59:00.000Z');
    expect(easternToUtc(2025, 3, 9, 3, 0).toISOString()).toBe('2025-03-09T07:00:00.000Z');
    expect(easternToUtc(2025, 3, 10, 11, 0).toISOString()).toBe('2025-03-10T15:00:00.000Z');
  });

  it('when a spring time never happens (02:30 on the change day), then it lands an hour later in EDT', () => {
    expect(easternToUtc(2025, 3, 9, 2, 30).toISOString()).toBe('2025-03-09T07:30:00.000Z');
  });

  it('when the offset is asked for, then it is -240 in summer and -300 in winter', () => {
    expect(easternOffsetMinutes(new Date('2024-07-01T12:00:00Z'))).toBe(-240);
    expect(easternOffsetMinutes(new Date('2025-01-01T12:00:00Z'))).toBe(-300);
  });
});
