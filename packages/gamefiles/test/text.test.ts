import {
  ArcArchive,
  bufferSource,
  decodeText,
  parseTextValue,
  readTextFile,
  writeTextArchive,
} from '@league/gamefiles';
import { DATA } from './helpers';

/** Every tags file of an archive, parsed raw. */
async function allTags(buf: Buffer): Promise<Map<string, string>> {
  const arc = await ArcArchive.open(bufferSource(buf));
  const tags = new Map<string, string>();
  for (const e of arc.files())
    if (/^tags.*\.txt$/.test(e.name.split('/').pop()!)) readTextFile(await arc.read(e), tags);
  return tags;
}

describe('text files (tag=value lines)', () => {
  it('when a file has a BOM, CRLF and LF, # and // comments, blank and junk lines, then only the tags are read', () => {
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        '#General\r\ntagA=Alpha\r\n\r\n//by FOE & Firewind\r\nno equals here\ntagB = Beta \n  # indented comment=x\rtagC=\r\n',
      ),
    ]);
    expect([...readTextFile(file)]).toEqual([
      ['tagA', 'Alpha'],
      ['tagB', 'Beta'],
      ['tagC', ''],
    ]);
  });

  it('when a tag comes twice, then the later line wins, as in the game', () => {
    const tags = readTextFile(Buffer.from('tagA=first\r\ntagA=second\r\n'));
    expect(tags.get('tagA')).toBe('second');
  });

  it('when a file is not valid UTF-8, then it is read as Latin-1', () => {
    const latin = Buffer.from('tagA=Gr\xfc\xdfe\r\n', 'latin1');
    expect(decodeText(latin)).toEqual({ text: 'tagA=Grüße\r\n', utf8: false });
    expect(readTextFile(Buffer.from('tagA=Grüße\r\n', 'utf8')).get('tagA')).toBe('Grüße');
  });
});

describe('grammar markers and colour codes', () => {
  it('when a German noun starts with its marker, then the marker is its gender and is not shown', () => {
    expect(parseTextValue('[ns]Crimsons abscheuliches Zepter')).toEqual({
      text: 'Crimsons abscheuliches Zepter',
      gender: 'ns',
    });
    expect(parseTextValue('[fp]Abaddoths Predigten')).toEqual({ text: 'Abaddoths Predigten', gender: 'fp' });
  });

  it('when an adjective lists a form per marker, then each form is kept and the first is shown', () => {
    expect(parseTextValue('[ms]Mächtiger[fs]Mächtige[ns]Mächtiges[mp]Mächtige[fp]Mächtige[np]Mächtige')).toEqual({
      text: 'Mächtiger',
      gender: 'ms',
      forms: { ms: 'Mächtiger', fs: 'Mächtige', ns: 'Mächtiges', mp: 'Mächtige', fp: 'Mächtige', np: 'Mächtige' },
    });
  });

  it('when the real oddities come (a first form without its marker, a stray code before the forms), then no marker shows', () => {
    expect(parseTextValue('Rasender[fs]Rasende[ns]Rasender').text).toBe('Rasender');
    expect(parseTextValue('|9[ms]des Zauberers[fs]des Zauberers').text).toBe('des Zauberers');
    expect(parseTextValue('Set: [ns]Foo')).toEqual({ text: 'Set: Foo' });
  });

  it('when a value carries colour codes or spaces, then they are removed; other brackets stay', () => {
    expect(parseTextValue(' {^R} ~ von Hebeln verschlossen')).toEqual({ text: '~ von Hebeln verschlossen' });
    expect(parseTextValue('^oLegendary  Sword ')).toEqual({ text: 'Legendary Sword' });
    expect(parseTextValue('von ')).toEqual({ text: 'von' });
    expect(parseTextValue('Drücke [Strg] oder [c3]')).toEqual({ text: 'Drücke [Strg] oder [c3]' });
  });

  it('when the whole German archive is parsed, then the only markers are ms fs ns mp fp np, and none survives', async () => {
    const tags = await allTags(DATA.german());
    expect(tags.size).toBe(17_661);
    const markers = new Set<string>();
    for (const raw of tags.values()) for (const m of raw.matchAll(/\[([a-z]{2})\]/g)) markers.add(m[1]!);
    expect([...markers].sort()).toEqual(['fp', 'fs', 'mp', 'ms', 'np', 'ns']);
    for (const raw of tags.values()) expect(parseTextValue(raw).text).not.toMatch(/\[(ms|fs|ns|mp|fp|np)\]/);
    expect(parseTextValue(tags.get('tagGDX2WeaponCaster1hB203')!).text).toBe('Crimsons abscheuliches Zepter');
  });

  it('when a text archive is written from tag maps, then it reads back as the same tags', async () => {
    const buf = writeTextArchive({
      'tags_items.txt': { tagA: '[ns]Schwert', tagB: 'Beta' },
      'fg/tagsgdx2_creatures.txt': new Map([['tagC', 'Gamma']]),
    });
    expect([...(await allTags(buf))]).toEqual([
      ['tagA', '[ns]Schwert'],
      ['tagB', 'Beta'],
      ['tagC', 'Gamma'],
    ]);
  });
});
