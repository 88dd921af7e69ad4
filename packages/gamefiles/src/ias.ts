// Item Assistant export (.ias), the cloud stash download: u16 version 7, i32 count, then per item the
// fields of FORMATS.md. Strings here are u8 length + ASCII.
import { FormatError } from './errors';
import { validateLauncherItem, type LauncherItem } from './items';

export const IAS_VERSION = 7;

export interface IasOptions {
  hardcore?: boolean;
  /** Written in the u8 expansion field (0 base game). */
  expansion?: number;
  /** Mod name ("" for none). */
  mod?: string;
}

/**
 * Item JSON plus the extra fields IA keeps, all optional: materiaCombines and unknown default to 0; cloudId
 * to "" and cloudSynced to whether a cloudId is given.
 */
export type IasItem = LauncherItem & {
  materiaCombines?: number;
  unknown?: number;
  cloudId?: string;
  cloudSynced?: boolean;
};

export interface IasRecord {
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
  unknown: number;
  enchantmentSeed: number;
  materiaCombines: number;
  stackCount: number;
  hardcore: boolean;
  expansion: number;
  mod: string;
  oldPartition: string;
  cloudId: string;
  cloudSynced: boolean;
  ascendantAffix: string;
  ascendantAffix2h: string;
  rerolls: number;
  affixRerolls: number;
}

class Out {
  private parts: Buffer[] = [];
  u8(v: number): void {
    const b = Buffer.alloc(1);
    b.writeUInt8(v);
    this.parts.push(b);
  }
  u16(v: number): void {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(v);
    this.parts.push(b);
  }
  i16(v: number): void {
    const b = Buffer.alloc(2);
    b.writeInt16LE(v);
    this.parts.push(b);
  }
  i32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.parts.push(b);
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.parts.push(b);
  }
  str(s: string, field: string): void {
    if (s.length > 255) throw new FormatError(`.ias: ${field} is longer than 255 characters`);
    if (!/^[\x20-\x7e]*$/.test(s)) throw new FormatError(`.ias: ${field} is not ASCII`);
    this.u8(s.length);
    this.parts.push(Buffer.from(s, 'latin1'));
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

export function writeIas(items: readonly IasItem[], options: IasOptions = {}): Buffer {
  const mod = options.mod ?? '';
  const expansion = options.expansion ?? 0;
  if (!Number.isInteger(expansion) || expansion < 0 || expansion > 255)
    throw new FormatError('.ias: expansion must be a byte');
  const o = new Out();
  o.u16(IAS_VERSION);
  o.i32(items.length);
  items.forEach((raw, i) => {
    const it = validateLauncherItem(raw, `item ${i + 1}`);
    const materiaCombines = raw.materiaCombines ?? 0;
    if (!Number.isInteger(materiaCombines) || materiaCombines < -32768 || materiaCombines > 32767)
      throw new FormatError(`.ias: item ${i + 1} materiaCombines must be a 16-bit integer`);
    o.str(it.name, 'base');
    o.str(it.prefix, 'prefix');
    o.str(it.suffix, 'suffix');
    o.str(it.modifier, 'modifier');
    o.str(it.illusion, 'transmute');
    o.u32(it.itemSeed);
    o.str(it.component, 'materia');
    o.str(it.completion, 'relic completion bonus');
    o.u32(it.componentSeed);
    o.str(it.augment, 'enchantment');
    o.u32(raw.unknown ?? 0);
    o.u32(it.augmentSeed);
    o.i16(materiaCombines);
    o.u32(it.stackCount);
    o.u8(options.hardcore ? 1 : 0);
    o.u8(expansion);
    o.str(mod, 'mod');
    o.str('', 'old partition');
    const cloudId = raw.cloudId ?? '';
    o.str(cloudId, 'cloud id');
    o.u8((raw.cloudSynced ?? cloudId !== '') ? 1 : 0);
    o.str('', 'ascendant affix');
    o.str('', 'ascendant affix 2h');
    o.u32(0);
    o.u32(0);
  });
  return o.done();
}

/** Read an .ias (used to check exports); throws {@link FormatError} on truncated or unknown input. */
export function readIas(input: Uint8Array): IasRecord[] {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.length);
  let pos = 0;
  const need = (n: number): void => {
    if (pos + n > buf.length) throw new FormatError('.ias: truncated file', pos);
  };
  const u8 = (): number => (need(1), buf.readUInt8(pos++));
  const u16 = (): number => (need(2), (pos += 2), buf.readUInt16LE(pos - 2));
  const i16 = (): number => (need(2), (pos += 2), buf.readInt16LE(pos - 2));
  const i32 = (): number => (need(4), (pos += 4), buf.readInt32LE(pos - 4));
  const u32 = (): number => (need(4), (pos += 4), buf.readUInt32LE(pos - 4));
  const str = (): string => {
    const n = u8();
    need(n);
    pos += n;
    return buf.toString('latin1', pos - n, pos);
  };
  const version = u16();
  if (version !== IAS_VERSION) throw new FormatError(`.ias: unknown version ${version}`, 0);
  const count = i32();
  if (count < 0) throw new FormatError(`.ias: negative item count`, 2);
  const out: IasRecord[] = [];
  for (let i = 0; i < count; i++) {
    out.push({
      base: str(),
      prefix: str(),
      suffix: str(),
      modifier: str(),
      transmute: str(),
      seed: u32(),
      materia: str(),
      relicCompletionBonus: str(),
      relicSeed: u32(),
      enchantment: str(),
      unknown: u32(),
      enchantmentSeed: u32(),
      materiaCombines: i16(),
      stackCount: u32(),
      hardcore: u8() !== 0,
      expansion: u8(),
      mod: str(),
      oldPartition: str(),
      cloudId: str(),
      cloudSynced: u8() !== 0,
      ascendantAffix: str(),
      ascendantAffix2h: str(),
      rerolls: u32(),
      affixRerolls: u32(),
    });
  }
  if (pos !== buf.length) throw new FormatError(`.ias: ${buf.length - pos} unexpected bytes at the end`, pos);
  return out;
}
