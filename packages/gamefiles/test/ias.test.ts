import { FormatError, readIas, readStash, takeUploadedItems, writeIas, type LauncherItem } from '@league/gamefiles';
import { expectFormatError, fixture } from './helpers';

const item: LauncherItem = {
  name: 'records/items/gearweapons/swords1h/b202f_sword.dbr',
  prefix: 'records/items/lootaffixes/prefix/a001a.dbr',
  suffix: 'records/items/lootaffixes/suffix/b001a.dbr',
  modifier: '',
  illusion: 'records/items/transmutes/x.dbr',
  component: 'records/items/materia/compa_whetstone.dbr',
  completion: 'records/items/lootaffixes/completion/c.dbr',
  augment: 'records/items/enchants/a01.dbr',
  itemSeed: 4000000000,
  componentSeed: 12,
  augmentSeed: 34,
  stackCount: 1,
};

describe('.ias writer', () => {
  it('writes version 7, the count and each item in the documented order', () => {
    const out = writeIas([item], { hardcore: true, expansion: 3, mod: 'GrimLeagueS07' });
    expect(out.readUInt16LE(0)).toBe(7);
    expect(out.readInt32LE(2)).toBe(1);
    // First string: u8 length + ASCII.
    expect(out.readUInt8(6)).toBe(item.name.length);
    expect(out.toString('latin1', 7, 7 + item.name.length)).toBe(item.name);
    const [r] = readIas(out);
    expect(r).toEqual({
      base: item.name,
      prefix: item.prefix,
      suffix: item.suffix,
      modifier: '',
      transmute: item.illusion,
      seed: 4000000000,
      materia: item.component,
      relicCompletionBonus: item.completion,
      relicSeed: 12,
      enchantment: item.augment,
      unknown: 0,
      enchantmentSeed: 34,
      materiaCombines: 0,
      stackCount: 1,
      hardcore: true,
      expansion: 3,
      mod: 'GrimLeagueS07',
      oldPartition: '',
      cloudId: '',
      cloudSynced: false,
      ascendantAffix: '',
      ascendantAffix2h: '',
      rerolls: 0,
      affixRerolls: 0,
    });
    // Size: header 6 + per item strings (1 + len each) + fixed fields.
    const strings = [
      item.name,
      item.prefix,
      item.suffix,
      '',
      item.illusion,
      item.component,
      item.completion,
      item.augment,
      'GrimLeagueS07',
      '',
      '',
      '',
      '',
    ];
    const fixed = 4 + 4 + 4 + 4 + 2 + 4 + 1 + 1 + 1 + 4 + 4;
    expect(out.length).toBe(6 + strings.reduce((n, s) => n + 1 + s.length, 0) + fixed);
  });

  it('exports the 40 uploaded items of the fixture stash', () => {
    const { items } = takeUploadedItems(readStash(fixture('gd-cli/transfer.gst')));
    const back = readIas(writeIas(items));
    expect(back).toHaveLength(40);
    expect(back.map((r) => [r.base, r.seed, r.stackCount, r.hardcore])).toEqual(
      items.map((i) => [i.name, i.itemSeed, i.stackCount, false]),
    );
  });

  it('writes the cloud id and synced flag when given', () => {
    const [synced, plain, explicit] = readIas(
      writeIas([{ ...item, cloudId: 'abc-123' }, item, { ...item, cloudId: 'x', cloudSynced: false }]),
    );
    expect(synced).toMatchObject({ cloudId: 'abc-123', cloudSynced: true });
    expect(plain).toMatchObject({ cloudId: '', cloudSynced: false });
    expect(explicit).toMatchObject({ cloudId: 'x', cloudSynced: false });
  });

  it('an empty export is just the header', () => {
    expect(writeIas([]).equals(Buffer.from([7, 0, 0, 0, 0, 0]))).toBe(true);
  });

  it('refuses items it cannot write', () => {
    expectFormatError(() => writeIas([{ ...item, name: 'x'.repeat(256) }]), /not a game record string/);
    expectFormatError(() => writeIas([{ ...item, prefix: null as unknown as string }]), /prefix must be a string/);
    expectFormatError(() => writeIas([{ ...item, itemSeed: -1 }]), /itemSeed must be an unsigned/);
    expectFormatError(() => writeIas([{ ...item, materiaCombines: 40000 }]), /materiaCombines/);
    expectFormatError(() => writeIas([item], { mod: 'é' }), /not ASCII/);
  });

  it('the reader refuses truncated files', () => {
    const out = writeIas([item, item]);
    for (let c = 0; c < out.length; c += 7) expect(() => readIas(out.subarray(0, c))).toThrow(FormatError);
  });
});
