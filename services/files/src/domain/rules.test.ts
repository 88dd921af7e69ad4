import { baseGameMatches, readableBranch, sanitiseFileName } from './rules';

describe('file name rules', () => {
  it('when a browser sends a path, then only its base name is kept', () => {
    expect(sanitiseFileName('C:\\Games\\mods\\GrimLeagueS07.arz')).toEqual({
      fileName: 'GrimLeagueS07.arz',
      extension: '.arz',
    });
    expect(sanitiseFileName('../../etc/Text_EN.ARC')).toEqual({ fileName: 'Text_EN.ARC', extension: '.arc' });
  });

  it('when a name carries control characters, then they are dropped', () => {
    expect(sanitiseFileName('Launch\u0000er\u001b.zip').fileName).toBe('Launcher.zip');
  });

  it('when the extension is not allowed or the name is unsafe, then it is a 400 naming the problem', () => {
    expect(() => sanitiseFileName('evil.exe')).toThrow(/Only .arc, .arz and .zip/);
    expect(() => sanitiseFileName('a..b.zip')).toThrow(/not allowed/);
    expect(() => sanitiseFileName('.zip')).toThrow(/not allowed/);
    expect(() => sanitiseFileName('dir/')).toThrow(/needs a name/);
    expect(() => sanitiseFileName('semi;colon.zip')).toThrow(/not allowed/);
  });
});

describe('branch access', () => {
  const user = (roles: string[]) => ({ id: 'u', username: 'u', role: 'player', roles });
  it('when someone without admin or tester asks for beta, then prod is served', () => {
    expect(readableBranch('beta', undefined)).toBe('prod');
    expect(readableBranch('beta', user(['supporter_s7']))).toBe('prod');
    expect(readableBranch('beta', user(['tester']))).toBe('beta');
    expect(readableBranch('beta', user(['admin']))).toBe('beta');
  });
});

describe('base-game sizes', () => {
  const required = [
    { filename: 'database/database.arz', filesize: 100 },
    { filename: 'gdx1/database/GDX1.arz', filesize: 200 },
  ];
  it('when every configured database is reported with its size, then it matches regardless of slashes and case', () => {
    expect(
      baseGameMatches(
        [
          { filename: 'database\\database.arz', filesize: 100 },
          { filename: 'GDX1/Database/gdx1.arz', filesize: 200 },
        ],
        required,
      ),
    ).toBe(true);
  });
  it('when a size differs or a database is missing, then it does not match', () => {
    expect(baseGameMatches([{ filename: 'database/database.arz', filesize: 100 }], required)).toBe(false);
    expect(
      baseGameMatches(
        [
          { filename: 'database/database.arz', filesize: 101 },
          { filename: 'gdx1/database/GDX1.arz', filesize: 200 },
        ],
        required,
      ),
    ).toBe(false);
  });
});
