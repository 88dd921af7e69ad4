import { loadServiceConfig } from '../config';
import { CORE_MOD_FILES, isExcludedFromPreload, parsePreloadExcluded } from './rules';

describe("the About page's pre-load exclusion list", () => {
  it('when nothing is configured, then the ten core files of the season mod are left out', () => {
    expect(CORE_MOD_FILES).toHaveLength(10);
    expect(new Set(CORE_MOD_FILES.map((n) => n.toLowerCase())).size).toBe(10);
    expect(parsePreloadExcluded(undefined)).toEqual({ names: [...CORE_MOD_FILES] });
    expect(parsePreloadExcluded('  ')).toEqual({ names: [...CORE_MOD_FILES] });
    // The season's database and its text archive are core; the extras archive is not.
    expect(isExcludedFromPreload('GrimLeagueS07.arz', CORE_MOD_FILES)).toBe(true);
    expect(isExcludedFromPreload('grimleagues07_text_en.ARC', CORE_MOD_FILES)).toBe(true);
    expect(isExcludedFromPreload('GrimLeagueS07_Extras.zip', CORE_MOD_FILES)).toBe(false);
  });

  it('when an operator sets a list, then exactly those names are left out; none leaves out nothing', () => {
    expect(parsePreloadExcluded('A.arz, B_Text.arc,,C.zip ')).toEqual({ names: ['A.arz', 'B_Text.arc', 'C.zip'] });
    expect(parsePreloadExcluded('none')).toEqual({ names: [] });
    expect(parsePreloadExcluded('NONE')).toEqual({ names: [] });
  });

  it('when a configured name is not a mod file name, then the configuration is refused at start', () => {
    expect(parsePreloadExcluded('A.arz,../etc/passwd')).toEqual({
      error: "'../etc/passwd' is not a mod file name (.arc, .arz or .zip, no folders)",
    });
    expect(parsePreloadExcluded('mods\\B.arc')).toHaveProperty('error');
    expect(parsePreloadExcluded('readme.txt')).toHaveProperty('error');
    expect(() => loadServiceConfig({ ...process.env, NODE_ENV: 'test', FILES_PRELOAD_EXCLUDED: 'x.exe' })).toThrow(
      /x\.exe' is not a mod file name/,
    );
    expect(
      loadServiceConfig({ ...process.env, NODE_ENV: 'test', FILES_PRELOAD_EXCLUDED: 'X.arc' }).FILES_PRELOAD_EXCLUDED,
    ).toEqual(['X.arc']);
  });
});
