// What the launcher does with game files, one step each: build the character JSON from player.gdc
// (and quests.gdd), move tab 6 into the cloud, and write the transfer queue into tab 5.
import {
  launcherCharacterInfo,
  placeQueuedItems,
  readPlayer,
  readQuests,
  readStash,
  takeUploadedItems,
  writeStash,
  type LauncherItem,
} from '@league/gamefiles';
import type { CharacterJson, LauncherClient } from './client';

export type QuestFiles = Partial<Record<'normal' | 'elite' | 'ultimate', Uint8Array>>;

/** The `character` part of a character upload, from the save (and the quest files of each difficulty). */
export function characterJson(
  pid: number,
  gdc: Uint8Array,
  quests: QuestFiles = {},
  participantCharacterId = 0,
): CharacterJson {
  const player = readPlayer(gdc);
  const questInfo: Record<string, string[]> = {};
  for (const [d, file] of Object.entries(quests)) if (file) questInfo[`${d}QuestTags`] = readQuests(file).leagueTokens;
  return {
    characterData: { characterInfo: { ...launcherCharacterInfo(player) }, questInfo },
    seasonParticipantId: pid,
    participantCharacterId,
  };
}

export async function uploadCharacter(
  client: LauncherClient,
  pid: number,
  gdc: Uint8Array,
  quests: QuestFiles = {},
): Promise<CharacterJson> {
  const name = readPlayer(gdc).header.name;
  const known = await client.character(pid, name);
  const json = characterJson(pid, gdc, quests, known?.participantCharacterId ?? 0);
  await client.uploadCharacter(pid, json, gdc, !known);
  return json;
}

export interface StashUploadResult {
  items: LauncherItem[];
  accepted: boolean;
  message?: string;
  /** The stash with tab 6 emptied (when accepted), else the original bytes. */
  stash: Buffer;
}

/** Upload tab 6 to the cloud stash; on 200 the rewritten file (tab 6 empty) is what the game keeps. */
export async function uploadStashTab(
  client: LauncherClient,
  pid: number,
  stashFile: Uint8Array,
): Promise<StashUploadResult> {
  const { stash, items } = takeUploadedItems(readStash(stashFile));
  if (items.length === 0) return { items, accepted: true, stash: Buffer.from(stashFile) };
  const res = await client.uploadStashItems(pid, items);
  return { items, ...res, stash: res.accepted ? writeStash(stash) : Buffer.from(stashFile) };
}

export interface PullResult {
  queued: LauncherItem[];
  pulled: Array<number | string>;
  leftQueued: number;
  stash: Buffer;
}

/** Read the transfer queue, write what fits into tab 5 and report those items pulled. */
export async function pullQueue(client: LauncherClient, pid: number, stashFile: Uint8Array): Promise<PullResult> {
  const queued = await client.transferQueue(pid);
  const stash = readStash(stashFile);
  const withIds = queued.filter((i) => i.participantItemId !== undefined);
  const { stash: next, placed, notPlaced } = placeQueuedItems(stash, withIds);
  const pulled = placed.map((p) => p.item.participantItemId as number | string);
  if (pulled.length > 0) await client.pullItems(pid, pulled);
  return {
    queued,
    pulled,
    leftQueued: notPlaced.length,
    stash: pulled.length > 0 ? writeStash(next) : Buffer.from(stashFile),
  };
}
