import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Logger, ObjectStorage } from '@league/platform';
import type { FileRepository } from '../data/file.repository';
import { writeZip } from '../formats';
import type { PatchNotes } from './patch-notes';
import type { Branch } from './rules';
import type { Uploads } from './uploads';

interface DemoFile {
  name: string;
  kind: 'mod' | 'launcher';
  modName?: string;
  version?: string;
  bytes: Buffer;
}

/**
 * A small but valid league file set per branch, written by the project's own writers. The mod's database and
 * text archive are not here: `npm start` writes them from the demo catalogue and uploads them as an admin
 * would (tools/scripts/lib.mjs, `uploadDemoGameFiles`), so the demo runs the whole game-data pipeline.
 */
function demoFiles(branch: Branch): DemoFile[] {
  const build = branch === 'prod' ? 1 : 2;
  const readme = `Grim League Season 7 launcher (${branch} build ${build}). Unzip next to Grim Dawn.exe.\n`;
  return [
    {
      name: 'GrimLeagueS07_Extras.zip',
      kind: 'mod',
      modName: 'GrimLeagueS07',
      bytes: writeZip([{ name: 'settings/league.txt', data: Buffer.from(`season=7\nbuild=${build}\n`) }]),
    },
    {
      name: 'GrimLeagueLauncher.zip',
      kind: 'launcher',
      version: branch === 'prod' ? '1.4.3' : '1.4.4-beta',
      bytes: writeZip([{ name: 'README.txt', data: Buffer.from(readme) }]),
    },
  ];
}

/**
 * Seeds prod and beta on an empty store, through the same path as an admin upload (stored, registered,
 * validated by the worker), so a fresh `npm start` has files to list and download.
 */
export async function seedDemoFiles(
  repo: FileRepository,
  storage: ObjectStorage,
  uploads: Uploads,
  logger: Logger,
): Promise<number> {
  if ((await repo.files.estimatedDocumentCount()) > 0) return 0;
  let seeded = 0;
  for (const branch of ['prod', 'beta'] as const) {
    for (const f of demoFiles(branch)) {
      const id = uploads.newId();
      await storage.putStream(uploads.bucketFor(branch), uploads.objectKey(id), f.bytes, f.bytes.length);
      await uploads.register(
        { id, rawName: f.name, branch, kind: f.kind, modName: f.modName, version: f.version, uploadedBy: 'demo-seed' },
        { size: f.bytes.length, sha256: createHash('sha256').update(f.bytes).digest('hex') },
      );
      seeded += 1;
    }
  }
  logger.info({ seeded }, 'demo files seeded');
  return seeded;
}

/** Prints the project's changelog into the patch-notes PDF (again when the text changed; never over an upload). */
export async function seedPatchNotes(notes: PatchNotes, source: string, logger: Logger): Promise<boolean> {
  let markdown: string;
  try {
    markdown = await readFile(source, 'utf8');
  } catch (err) {
    logger.warn({ source, err: (err as Error).message }, 'no changelog to print into the patch notes');
    return false;
  }
  return notes.seedFromChangelog(markdown);
}
