// quests.gdd: magic, 0, uid, block 10 (the token list; league tokens start with gdl_) and block 11 (the
// quest list). Both blocks are read whole so that a truncated or forged file is refused, and a file
// written by writeQuests reads back equal.
import { CipherReader, CipherWriter, type Block } from './cipher';
import { FormatError } from './errors';

export const QUESTS_MAGIC = 0x58545351;
const TOKENS_BLOCK = 10;
const TOKENS_VERSION = 2;
const QUESTS_BLOCK = 11;
const QUESTS_VERSION = 3;
export const LEAGUE_TOKEN_PREFIX = 'gdl_';

export interface QuestTask {
  id: number;
  uid: string;
  state: number;
  inProgress: number;
  objectives: number[];
}

export interface Quest {
  id: number;
  uid: string;
  tasks: QuestTask[];
}

export interface QuestsFile {
  seed: number;
  /** 16-byte id, hex. */
  uid: string;
  /** Every token, as saved. */
  tokens: string[];
  /** The league's tokens (`gdl_*`), lower-cased and without duplicates, in file order. */
  leagueTokens: string[];
  quests: Quest[];
}

function uidHex(r: CipherReader): string {
  return Buffer.from(r.bytes(16, 'uid')).toString('hex');
}

function readTask(r: CipherReader, parent: Block): QuestTask {
  const id = r.u32('task id');
  const uid = uidHex(r);
  const block = r.beginBlock(0, parent);
  if (block.length < 5 || (block.length - 5) % 4 !== 0) r.fail(`task block length ${block.length} is not 5 + 4·n`);
  const state = r.u32('task state');
  const inProgress = r.u8('task inProgress');
  const objectives: number[] = [];
  for (let i = 0; i < (block.length - 5) / 4; i++) objectives.push(r.u32('objective'));
  r.endBlock(block);
  return { id, uid, state, inProgress, objectives };
}

function readQuest(r: CipherReader, parent: Block): Quest {
  const id = r.u32('quest id');
  const uid = uidHex(r);
  const block = r.beginBlock(0, parent);
  const count = r.u32('task count');
  const tasks: QuestTask[] = [];
  for (let i = 0; i < count; i++) {
    if (r.position >= block.end) r.fail(`quest says ${count} tasks but holds ${i}`);
    tasks.push(readTask(r, block));
  }
  r.endBlock(block);
  return { id, uid, tasks };
}

export function leagueTokensOf(tokens: readonly string[]): string[] {
  const out = new Set<string>();
  for (const t of tokens) {
    const lower = t.toLowerCase();
    if (lower.startsWith(LEAGUE_TOKEN_PREFIX) && lower.length > LEAGUE_TOKEN_PREFIX.length) out.add(lower);
  }
  return [...out];
}

/** Read a quests.gdd. Throws {@link FormatError} on anything else. */
export function readQuests(input: Uint8Array): QuestsFile {
  const r = new CipherReader(input, 'quests.gdd');
  if (r.u32('magic') !== QUESTS_MAGIC) r.fail('not a quests.gdd (bad magic)', 4);
  const zero = r.u32('file version');
  if (zero !== 0) r.fail(`unknown quests.gdd version ${zero}`, 8);
  const uid = uidHex(r);

  const tokenBlock = r.beginBlock(TOKENS_BLOCK);
  const tv = r.u32('token list version');
  if (tv !== TOKENS_VERSION) r.fail(`unknown token list version ${tv}`);
  const count = r.u32('token count');
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    if (r.position >= tokenBlock.end) r.fail(`token list says ${count} tokens but holds ${i}`);
    tokens.push(r.string('token'));
  }
  r.endBlock(tokenBlock);

  const questBlock = r.beginBlock(QUESTS_BLOCK);
  const qv = r.u32('quest list version');
  if (qv !== QUESTS_VERSION) r.fail(`unknown quest list version ${qv}`);
  const questCount = r.u32('quest count');
  const quests: Quest[] = [];
  for (let i = 0; i < questCount; i++) {
    if (r.position >= questBlock.end) r.fail(`quest list says ${questCount} quests but holds ${i}`);
    quests.push(readQuest(r, questBlock));
  }
  r.endBlock(questBlock);
  if (!r.atEnd) r.fail(`${r.length - r.position} unexpected bytes after the quest list`);
  return { seed: r.seed, uid, tokens, leagueTokens: leagueTokensOf(tokens), quests };
}

function writeUid(w: CipherWriter, hex: string): void {
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new FormatError(`uid must be 32 hex digits`);
  w.bytes(Buffer.from(hex, 'hex'));
}

/** Write a quests.gdd (the game's layout; used by the command-line client and the tests). */
export function writeQuests(
  file: Pick<QuestsFile, 'uid' | 'tokens'> & Partial<Pick<QuestsFile, 'seed' | 'quests'>>,
): Buffer {
  const w = new CipherWriter(file.seed ?? 0x12345678);
  w.u32(QUESTS_MAGIC);
  w.u32(0);
  writeUid(w, file.uid);
  const tokenBlock = w.beginBlock(TOKENS_BLOCK);
  w.u32(TOKENS_VERSION);
  w.u32(file.tokens.length);
  for (const t of file.tokens) w.string(t, 'token');
  w.endBlock(tokenBlock);
  const questBlock = w.beginBlock(QUESTS_BLOCK);
  w.u32(QUESTS_VERSION);
  const quests = file.quests ?? [];
  w.u32(quests.length);
  for (const q of quests) {
    w.u32(q.id);
    writeUid(w, q.uid);
    const qb = w.beginBlock(0);
    w.u32(q.tasks.length);
    for (const t of q.tasks) {
      w.u32(t.id);
      writeUid(w, t.uid);
      const tb = w.beginBlock(0);
      w.u32(t.state);
      w.u8(t.inProgress);
      for (const o of t.objectives) w.u32(o);
      w.endBlock(tb);
    }
    w.endBlock(qb);
  }
  w.endBlock(questBlock);
  return w.finish();
}
