import { ArcArchive, bufferSource, validateArc, writeArc } from '@league/gamefiles';
import { DATA, expectFormatRejection, flip } from './helpers';

const ENTRY = 44;
/** Offset of entry i of an archive's table of contents. */
const tocEntry = (file: Buffer, i: number) =>
  file.readUInt32LE(24) + file.readUInt32LE(16) + file.readUInt32LE(20) + i * ENTRY;

describe('.arc reader on the real text archives', () => {
  it("when the base game's English archive is listed, then its 11 files come with names and sizes", async () => {
    const arc = await ArcArchive.open(bufferSource(DATA.english()));
    expect(arc.files().map((e) => e.name)).toEqual([
      'tags_achievements.txt',
      'tags_console.txt',
      'tags_creatures.txt',
      'tags_items.txt',
      'tags_mutators.txt',
      'tags_tutorial.txt',
      'credits',
      'tags_ui.txt',
      'tags_storyelements.txt',
      'tags_skills.txt',
      'tags_uimain.txt',
    ]);
    expect(arc.entry('tags_creatures.txt')).toMatchObject({ size: 42416, storage: 3 });
    const creatures = (await arc.read('TAGS_CREATURES.TXT')).toString('utf8');
    expect(creatures).toContain('tagHeroGhostH05=Oldrakan Pald ~ Swift');
  });

  it('when the whole German archive is read, then its five empty entries are accepted and read past', async () => {
    const arc = await ArcArchive.open(bufferSource(DATA.german()));
    expect(arc.entries).toHaveLength(909);
    const empty = arc.entries.filter((e) => e.storage === 0);
    expect(empty.map((e) => e.index)).toEqual([563, 565, 894, 902, 903]);
    expect(empty.every((e) => e.name === '' && e.parts.length === 0 && e.size === 0)).toBe(true);
    expect(arc.files()).toHaveLength(904);
    expect(arc.files().filter((e) => e.name.startsWith('aom/')).length).toBeGreaterThan(100);
    const fg = (await arc.read('fg\\tagsgdx2_creatures.txt')).toString('utf8');
    expect(fg).toContain('tagGDX2Boss_Final01=Manifestation von Korvaak, der übernatürlichen Sonne');
    expect((await arc.read(empty[0]!)).length).toBe(0);
  });

  it('when the German archive is validated, then it passes (it used to fail at entry 563)', async () => {
    await expect(validateArc(bufferSource(DATA.german()))).resolves.toEqual({ files: 909, parts: 904, empty: 5 });
    await expect(validateArc(bufferSource(DATA.english()))).resolves.toEqual({ files: 11, parts: 11, empty: 0 });
  });
});

describe('.arc validation refuses a corrupt archive with its reason', () => {
  const arc = () =>
    writeArc([{ name: 'tags_items.txt', data: Buffer.from('tagItemName=Helm of the league\r\n'.repeat(40)) }]);

  it('when a compressed part is not LZ4, then that part does not decompress', async () => {
    const file = Buffer.from(DATA.english());
    const a = await ArcArchive.open(bufferSource(file));
    const part = a.entry('tags_items.txt')!.parts[0]!;
    file.fill(0xff, part.offset, part.offset + part.compressedSize);
    await expectFormatRejection(validateArc(bufferSource(file)), /\.arc tags_items\.txt: part 0 does not decompress/);
  });

  it("when a file's bytes or its recorded sum differ, then its checksum mismatches", async () => {
    const file = DATA.german();
    const a = await ArcArchive.open(bufferSource(file));
    const entry = a.entry('fg/tagsgdx2_creatures.txt')!;
    await expectFormatRejection(
      validateArc(bufferSource(flip(file, tocEntry(file, entry.index) + 16))),
      /\.arc fg\/tagsgdx2_creatures\.txt: checksum mismatch \(adler32 0x[0-9a-f]{8}, entry says 0x[0-9a-f]{8}\)/,
    );
    const stored = writeArc([{ name: 'random.bin', data: Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]) }]);
    await expectFormatRejection(validateArc(bufferSource(flip(stored, 30))), /random\.bin: checksum mismatch/);
  });

  it('when the archive is truncated, then its tables lie outside the file', async () => {
    const file = DATA.german();
    await expectFormatRejection(validateArc(bufferSource(file.subarray(0, file.length - 10))), /outside the file/);
    await expectFormatRejection(validateArc(bufferSource(file.subarray(0, 20))), /too short/);
  });

  it('when the signature, a storage type or a named entry is wrong, then it is refused', async () => {
    await expectFormatRejection(validateArc(bufferSource(flip(arc(), 0))), /no ARC signature/);
    const storage = Buffer.from(arc());
    storage.writeUInt32LE(7, tocEntry(storage, 0));
    await expectFormatRejection(validateArc(bufferSource(storage)), /tags_items\.txt: unknown storage type 7/);
    const name = Buffer.from(arc());
    name.writeUInt32LE(100_000, tocEntry(name, 0) + 40);
    await expectFormatRejection(validateArc(bufferSource(name)), /entry 0: its name is outside the name table/);
  });

  it('when an empty entry claims data, then it is refused', async () => {
    const file = writeArc([{ empty: true }, { name: 'a.txt', data: Buffer.from('tagA=A\r\n') }]);
    await expect(validateArc(bufferSource(file))).resolves.toEqual({ files: 2, parts: 1, empty: 1 });
    const claims = Buffer.from(file);
    claims.writeUInt32LE(10, tocEntry(claims, 0) + 12);
    await expectFormatRejection(validateArc(bufferSource(claims)), /entry 0: an empty entry that claims data/);
  });
});
