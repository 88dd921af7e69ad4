import { randomBytes } from 'node:crypto';
import { writeArc, writeArz, writeZip } from '../../src/formats';

/** Small game files from the project's own writers; `seed` makes each upload's bytes differ. */
export const validArz = (seed = 1) =>
  writeArz([
    {
      name: `records/items/gearhead/a01_head00${seed}.dbr`,
      type: 'ArmorProtective_Head',
      fields: [
        { type: 0, key: 'itemLevel', values: [seed] },
        { type: 2, key: 'itemNameTag', values: [0] },
      ],
    },
  ]);

export const validArc = (seed = 1) =>
  writeArc([
    { name: 'tags_items.txt', data: Buffer.from(`tagItemName${seed}=Helm\n`.repeat(30)) },
    { name: 'icon.tex', data: randomBytes(256) },
  ]);

export const validZip = (seed = 1) =>
  writeZip([
    { name: 'GrimLeagueLauncher.exe', data: randomBytes(1024 + seed), store: true },
    { name: 'readme.txt', data: Buffer.from('Grim League launcher\n'.repeat(20)) },
  ]);

export const flip = (buf: Buffer, at: number) => {
  const copy = Buffer.from(buf);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
};
