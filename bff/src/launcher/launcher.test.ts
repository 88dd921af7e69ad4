import { multipart } from '@league/gameclient';
import { branchFor, isHubPath, roleOf } from './hub';
import { MultipartError, parseMultipart } from './multipart';

describe('launcher pure rules', () => {
  it('when a multipart body is parsed, then each part keeps its name, file name, type and exact bytes', () => {
    const data = Buffer.from([0, 1, 2, 13, 10, 45, 45, 255]);
    const { body, contentType } = multipart([
      { name: 'character', json: { a: 1 } },
      { name: 'file', filename: 'player.gdc', data },
    ]);
    const parts = parseMultipart(body, contentType);
    expect(parts.map((p) => [p.name, p.filename])).toEqual([
      ['character', undefined],
      ['file', 'player.gdc'],
    ]);
    expect(JSON.parse(parts[0]!.data.toString())).toEqual({ a: 1 });
    expect(Buffer.compare(parts[1]!.data, data)).toBe(0);
  });

  it('when a body is not multipart or is cut short, then a MultipartError says so', () => {
    expect(() => parseMultipart(Buffer.from('x'), 'application/json')).toThrow(MultipartError);
    const { body, contentType } = multipart([{ name: 'file', filename: 'a', data: Buffer.from('abc') }]);
    expect(() => parseMultipart(body.subarray(0, body.length - 10), contentType)).toThrow(/truncated|Malformed/);
  });

  it('when a branch is asked for, then only admins and testers get beta', () => {
    expect(branchFor('beta', 'admin')).toBe('beta');
    expect(branchFor('beta', 'tester')).toBe('beta');
    expect(branchFor('beta', 'player')).toBe('prod');
    expect(branchFor('beta', undefined)).toBe('prod');
    expect(branchFor('prod', 'admin')).toBe('prod');
  });

  it('when a token is read for its role, then roles win over role and junk gives undefined', () => {
    const token = (claims: object) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.y`;
    expect(roleOf(token({ role: 'player', roles: ['tester'] }))).toBe('tester');
    expect(roleOf(token({ role: 'admin' }))).toBe('admin');
    expect(roleOf('garbage')).toBeUndefined();
    expect(roleOf(undefined)).toBeUndefined();
  });

  it('when an upgrade path is checked, then exactly /api and /api/ are the hub', () => {
    expect(isHubPath('/api/')).toBe(true);
    expect(isHubPath('/api')).toBe(true);
    expect(isHubPath('/API/?id=1')).toBe(true);
    expect(isHubPath('/api/chat/t/x/')).toBe(false);
    expect(isHubPath('/apix')).toBe(false);
  });
});
