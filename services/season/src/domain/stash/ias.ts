/**
 * A small Item Assistant (.ias) writer (FORMATS.md): u16 version 7, i32 item count, then per item the
 * fields below; strings are u8 length + ASCII. Written here because @league/gamefiles had no .ias writer
 * committed when the cloud stash export was built.
 */
export interface IasItem {
  base: string;
  prefix: string;
  suffix: string;
  modifier: string;
  transmute: string;
  seed: number;
  materia: string;
  relicCompletionBonus: string;
  relicSeed: number;
  enchantment: string;
  enchantmentSeed: number;
  stackCount: number;
  hardcore: boolean;
  expansion: number;
  mod: string;
  cloudId: string;
}

export function writeIas(items: IasItem[]): Buffer {
  const parts: Buffer[] = [];
  const num = (size: 1 | 2 | 4, v: number, signed = false) => {
    const b = Buffer.alloc(size);
    if (size === 1) b.writeUInt8(v);
    else if (size === 2 && signed) b.writeInt16LE(v);
    else if (size === 2) b.writeUInt16LE(v);
    else if (signed) b.writeInt32LE(v);
    else b.writeUInt32LE(v >>> 0);
    parts.push(b);
  };
  const str = (s: string) => {
    // Record paths are ASCII; anything else is replaced, and the u8 length caps a string at 255.
    const ascii = s.replace(/[^\x20-\x7e]/g, '?').slice(0, 255);
    num(1, ascii.length);
    parts.push(Buffer.from(ascii, 'latin1'));
  };
  num(2, 7);
  num(4, items.length, true);
  for (const it of items) {
    str(it.base);
    str(it.prefix);
    str(it.suffix);
    str(it.modifier);
    str(it.transmute);
    num(4, it.seed);
    str(it.materia);
    str(it.relicCompletionBonus);
    num(4, it.relicSeed);
    str(it.enchantment);
    num(4, 0); // unknown
    num(4, it.enchantmentSeed);
    num(2, 0, true); // materiaCombines
    num(4, it.stackCount);
    num(1, it.hardcore ? 1 : 0);
    num(1, it.expansion);
    str(it.mod);
    str(''); // old partition
    str(it.cloudId);
    num(1, 1); // cloudSynced
    str(''); // ascendant affix
    str(''); // ascendant affix (2h)
    num(4, 0); // rerolls
    num(4, 0); // affix rerolls
  }
  return Buffer.concat(parts);
}

/** Reads a .ias back (for tests and tools): the same fields, in order. */
export function readIas(buf: Buffer): { version: number; items: IasItem[] } {
  let at = 0;
  const u8 = () => buf.readUInt8((at += 1) - 1);
  const u16 = () => buf.readUInt16LE((at += 2) - 2);
  const i16 = () => buf.readInt16LE((at += 2) - 2);
  const u32 = () => buf.readUInt32LE((at += 4) - 4);
  const i32 = () => buf.readInt32LE((at += 4) - 4);
  const str = () => {
    const n = u8();
    const s = buf.toString('latin1', at, at + n);
    at += n;
    return s;
  };
  const version = u16();
  const count = i32();
  const items: IasItem[] = [];
  for (let i = 0; i < count; i += 1) {
    const base = str();
    const prefix = str();
    const suffix = str();
    const modifier = str();
    const transmute = str();
    const seed = u32();
    const materia = str();
    const relicCompletionBonus = str();
    const relicSeed = u32();
    const enchantment = str();
    u32();
    const enchantmentSeed = u32();
    i16();
    const stackCount = u32();
    const hardcore = u8() === 1;
    const expansion = u8();
    const mod = str();
    str();
    const cloudId = str();
    u8();
    str();
    str();
    u32();
    u32();
    items.push({
      base,
      prefix,
      suffix,
      modifier,
      transmute,
      seed,
      materia,
      relicCompletionBonus,
      relicSeed,
      enchantment,
      enchantmentSeed,
      stackCount,
      hardcore,
      expansion,
      mod,
      cloudId,
    });
  }
  if (at !== buf.length) throw new Error(`.ias: ${buf.length - at} bytes after the last item`);
  return { version, items };
}
