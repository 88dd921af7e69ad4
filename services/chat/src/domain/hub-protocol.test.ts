import { checkHandshake, frames, parseRecord, RS, splitRecords } from './hub-protocol';

describe('the JSON hub protocol', () => {
  it('when data arrives in pieces, then only complete records are taken and the rest waits', () => {
    expect(splitRecords(`{"a":1}${RS}{"b":`)).toEqual({ records: ['{"a":1}'], rest: '{"b":' });
    expect(splitRecords(`{"a":1}${RS}{"b":2}${RS}`)).toEqual({ records: ['{"a":1}', '{"b":2}'], rest: '' });
  });

  it('when the handshake is json v1, then it is accepted; anything else names the problem', () => {
    expect(checkHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true });
    expect(checkHandshake('{"protocol":"json","version":2}')).toMatchObject({ ok: false });
    expect(checkHandshake('{"protocol":"messagepack","version":1}')).toMatchObject({ ok: false });
    expect(checkHandshake('nope')).toEqual({ ok: false, error: 'Handshake request is not valid JSON.' });
  });

  it('when records are parsed, then invocations need a target and array arguments', () => {
    expect(parseRecord('{"type":1,"invocationId":"0","target":"Send","arguments":["a"]}')).toEqual({
      ok: true,
      message: { type: 1, invocationId: '0', target: 'Send', arguments: ['a'] },
    });
    expect(parseRecord('{"type":1,"target":"Welcome"}')).toMatchObject({ ok: true, message: { arguments: [] } });
    expect(parseRecord('{"type":1,"arguments":[]}')).toMatchObject({ ok: false });
    expect(parseRecord('{"type":1,"target":"x","arguments":{}}')).toMatchObject({ ok: false });
    expect(parseRecord('{"type":1,"invocationId":5,"target":"x"}')).toMatchObject({ ok: false });
    expect(parseRecord('{"type":9}')).toMatchObject({ ok: false });
    expect(parseRecord('{"type":6}')).toEqual({ ok: true, message: { type: 6 } });
  });

  it('when frames are built, then each is JSON ended by the record separator', () => {
    expect(frames.ping()).toBe(`{"type":6}${RS}`);
    expect(frames.completion('3', undefined)).toBe(`{"type":3,"invocationId":"3","result":null}${RS}`);
    expect(frames.invocation('Banned', [])).toBe(`{"type":1,"target":"Banned","arguments":[]}${RS}`);
    expect(frames.close(undefined, true)).toBe(`{"type":7,"allowReconnect":true}${RS}`);
  });
});
