import { PassThrough } from 'node:stream';
import { humanLine, prefixLines } from './supervisor';

describe('the site supervisor log stream', () => {
  it('when lines come split across chunks, then each complete line is handed on once, in order, and the last at the end', async () => {
    const stream = new PassThrough();
    const batches: string[][] = [];
    prefixLines(stream, (lines) => batches.push(lines));
    stream.write('first\nsec');
    stream.write('ond\r\nthird\nfourth\n');
    stream.write('tail without a newline');
    stream.end();
    await new Promise((resolve) => stream.on('end', resolve));
    expect(batches).toEqual([['first'], ['second', 'third', 'fourth'], ['tail without a newline']]);
  });

  it('when a line is a pino record, then it is shortened to level, message and the other fields', () => {
    const line = JSON.stringify({
      level: 30,
      time: 1,
      pid: 2,
      hostname: 'h',
      service: 'bff',
      msg: 'request',
      status: 200,
    });
    expect(humanLine(line)).toBe('INFO  request  status=200');
    expect(humanLine('plain text')).toBe('plain text');
  });
});
