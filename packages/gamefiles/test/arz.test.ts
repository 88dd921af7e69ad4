import { ArzDatabase, bufferSource, resealArz, validateArz, writeArz, type RandomAccess } from '@league/gamefiles';
import { DATA, expectFormatRejection, flip } from './helpers';

const SCEPTER = 'records/items/gearweapons/caster/b203_scepter.dbr';

/** A source that counts the bytes read through it. */
function counting(buf: Buffer): RandomAccess & { bytes: number } {
  const inner = bufferSource(buf);
  const src = {
    size: inner.size,
    bytes: 0,
    read: (o: number, l: number, w: string) => ((src.bytes += l), inner.read(o, l, w)),
  };
  return src;
}

describe('.arz reader on the real mod database (some.arz)', () => {
  it('when it is opened, then the header, the 6,494 strings and the 808-record table are read, records not yet', async () => {
    const src = counting(DATA.arz());
    const db = await ArzDatabase.open(src);
    expect(db.recordCount).toBe(808);
    expect(db.strings).toHaveLength(6494);
    const classes = new Map<string, number>();
    for (const e of db.entries()) classes.set(e.class, (classes.get(e.class) ?? 0) + 1);
    expect(classes.get('Monster')).toBe(340);
    expect(classes.get('WeaponMelee_Scepter')).toBe(2);
    expect(classes.get('')).toBe(244); // records without a Class (achievements, UI)
    // The header and the two tables only, not a byte of the 2 MB of record data.
    const header = DATA.arz();
    expect(src.bytes).toBe(24 + header.readUInt32LE(8) + header.readUInt32LE(20));
    expect(header.readUInt32LE(4) - 24).toBeGreaterThan(2_000_000);
  });

  it('when a record is decoded, then ints, floats, strings, bools and arrays come out typed', async () => {
    const db = await ArzDatabase.open(bufferSource(DATA.arz()));
    const [scepter] = await collect(db.records((name) => name === SCEPTER));
    expect(scepter).toMatchObject({ name: SCEPTER, class: 'WeaponMelee_Scepter' });
    const f = scepter!.fields;
    expect(f.itemLevel).toEqual([1]);
    expect(f.levelRequirement).toEqual([1]);
    expect(f.itemClassification).toEqual(['Rare']);
    expect(f.itemNameTag).toEqual(['tagGDX2WeaponCaster1hB203']);
    expect(f.characterBaseAttackSpeed).toEqual([-0.1]); // float32 shown as its shortest decimal
    expect(f.castsShadows).toEqual([true]);
    expect(f.hidePrefixName).toEqual([false]);
    const [table] = await collect(db.records((_n, cls) => cls === 'LevelTable'));
    expect(table!.fields.levels).toEqual([1, 45]);
    expect(table!.fields.records).toEqual([
      'records/items/loottables/misc/tdyn_materials_01.dbr',
      'records/items/loottables/misc/tdyn_materials_01b.dbr',
    ]);
  });

  it('when a filter wants only some records, then the others are never decompressed (a broken one is not noticed)', async () => {
    const file = Buffer.from(DATA.arz());
    const db = await ArzDatabase.open(bufferSource(file));
    const monster = db.entries().find((e) => e.class === 'Monster')!;
    file.fill(0xff, monster.offset, monster.offset + monster.compressedSize); // its LZ4 block is now garbage
    const broken = await ArzDatabase.open(bufferSource(file));
    const items = await collect(broken.records((_n, cls) => cls.startsWith('Weapon')));
    expect(items.map((r) => r.class).sort()).toEqual([
      ...Array(2).fill('WeaponMelee_Dagger'),
      ...Array(2).fill('WeaponMelee_Scepter'),
      ...Array(5).fill('WeaponMelee_Spear2h'),
      'WeaponMelee_Sword2h',
    ]);
    await expectFormatRejection(collect(broken.records()), new RegExp(`record ${monster.index} does not decompress`));
  });

  it('when only some fields are asked for, then the record carries those', async () => {
    const db = await ArzDatabase.open(bufferSource(DATA.arz()));
    const entry = db.entries().find((e) => e.name === SCEPTER)!;
    const r = await db.record(entry, { fields: new Set(['itemNameTag', 'itemClassification']) });
    expect(r.fields).toEqual({ itemNameTag: ['tagGDX2WeaponCaster1hB203'], itemClassification: ['Rare'] });
  });

  it('when the real database is validated, then every sum, record and string index passes', async () => {
    await expect(validateArz(bufferSource(DATA.arz()))).resolves.toEqual({ records: 808, strings: 6494 });
  });
});

const small = () =>
  writeArz([
    {
      name: 'records/items/gearhead/a01_head001.dbr',
      type: 'ArmorProtective_Head',
      fields: [
        { type: 0, key: 'itemLevel', values: [50] },
        { type: 1, key: 'defensiveProtection', values: [120.5, 3.25] },
        { type: 2, key: 'itemNameTag', values: ['tagHelm'] },
        { type: 3, key: 'hidePrefixName', values: [true] },
        { type: 0, key: 'negative', values: [-7] },
      ],
    },
    { name: 'records/empty.dbr', type: '', fields: [] },
  ]);

describe('.arz writer', () => {
  it('when records are written and read back, then every field and value is the same', async () => {
    const db = await ArzDatabase.open(bufferSource(small()), { verify: true });
    const records = await collect(db.records());
    expect(records.map((r) => [r.name, r.class, r.fields])).toEqual([
      [
        'records/items/gearhead/a01_head001.dbr',
        'ArmorProtective_Head',
        {
          itemLevel: [50],
          defensiveProtection: [120.5, 3.25],
          itemNameTag: ['tagHelm'],
          hidePrefixName: [true],
          negative: [-7],
        },
      ],
      ['records/empty.dbr', '', {}],
    ]);
  });
});

describe('.arz validation refuses a corrupt database with its reason', () => {
  it('when a byte of record data is flipped, then the record data checksum fails', async () => {
    await expectFormatRejection(validateArz(bufferSource(flip(small(), 30))), /record data checksum mismatch/);
  });

  it('when the footer holds a wrong sum, then the whole-file checksum fails', async () => {
    const file = small();
    await expectFormatRejection(
      validateArz(bufferSource(flip(file, file.length - 16))),
      /whole file checksum mismatch/,
    );
  });

  it('when a record block is not LZ4 (sums recomputed), then that record does not decompress', async () => {
    const file = Buffer.from(DATA.arz());
    const db = await ArzDatabase.open(bufferSource(file));
    const entry = db.entries()[3]!;
    file.fill(0xff, entry.offset, entry.offset + entry.compressedSize);
    await expectFormatRejection(validateArz(bufferSource(resealArz(file))), /record 3 does not decompress/);
  });

  it('when a string field points past the string table, then the string index is out of range', async () => {
    const file = writeArz([
      { name: 'records/a.dbr', type: 'ItemRelic', fields: [{ type: 2, key: 'description', values: [9999] }] },
    ]);
    await expectFormatRejection(
      validateArz(bufferSource(file)),
      /record 0 \(records\/a\.dbr\): field description: string index 9999 is out of range \(the string table holds 2\)/,
    );
    // The same when the field is decoded rather than stepped over.
    const db = await ArzDatabase.open(bufferSource(file));
    await expectFormatRejection(collect(db.records()), /field description: string index 9999 is out of range/);
  });

  it('when the file is truncated, then its tables lie outside the file', async () => {
    const real = DATA.arz();
    await expectFormatRejection(validateArz(bufferSource(real.subarray(0, real.length - 40))), /outside the file/);
    await expectFormatRejection(validateArz(bufferSource(real.subarray(0, 20))), /too short/);
    // Cut inside the record data: the table still lies in the file, the sums do not match.
    const rts = real.readUInt32LE(4);
    await expectFormatRejection(validateArz(bufferSource(real.subarray(0, rts - 1000))), /outside the file|checksum/);
  });

  it('when the header is not a version 3 database or forges its record count, then it is refused', async () => {
    const file = small();
    file.writeUInt16LE(4, 2);
    await expectFormatRejection(validateArz(bufferSource(file)), /not a version 3/);
    const forged = Buffer.from(small());
    forged.writeUInt32LE(0x7fffffff, 12);
    await expectFormatRejection(ArzDatabase.open(bufferSource(forged)), /cannot fit/);
  });
});

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
