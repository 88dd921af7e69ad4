#!/usr/bin/env node
// league-gameclient: plays the launcher's calls against a game base URL with real game files.
//   league-gameclient <command> [args] --url http://localhost:8080/api/ --user player1 --password …
// Commands: login | profile | characters | upload-character <player.gdc> | upload-stash <transfer.gst>
// | queue | pull <transfer.gst> | quest-tag <gdl_token> | play <folder>. Prints one JSON object per step.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readPlayer, readQuests } from '@league/gamefiles';
import { LauncherClient, type Branch } from './client';
import { chatOnce } from './chat';
import { pullQueue, uploadCharacter, uploadStashTab, type QuestFiles } from './flows';

const DIFFICULTIES = ['Normal', 'Elite', 'Ultimate'] as const;

const USAGE = `usage: league-gameclient <command> [args] [options]

commands:
  login                          log in (REST Account/login, or the hub with --hub) and print the role
  profile                        GET Season/profile
  characters                     GET the participant's character names
  upload-character <player.gdc>  POST the character (JSON from the save) with the file
  upload-stash <transfer.gst>    POST tab 6 to the cloud stash; --out writes the stash without tab 6,
                                 --shared also uploads that stash as the shared stash
  queue                          GET the transfer queue
  pull <transfer.gst>            write the transfer queue into tab 5 (--out), POST pull-items for what fit
  quest-tag <gdl_token>          POST a quest token (--level, --difficulty, --max-difficulty)
  season                         the hub's season calls: latest season name and seasons, league files,
                                 launcher file, chat URL
  chat <message>                 GetChatUrl, then on the chat hub: GetConnectionId, Welcome, JoinChannel,
                                 Send, and the ReceiveMessage that comes back (--global, --channel N)
  play <folder>                  all of it for every player.gdc (with a quests.gdd beside it: quest info,
                                 quest file and quest tags) and transfer stash under the folder

options:
  --url <game base url>          default $LEAGUE_GAME_URL or http://localhost:8080/api/
  --user, --password             default $LEAGUE_USER / $LEAGUE_PASSWORD
  --branch prod|beta             default prod
  --participant <id>             default: the first participant of Season/profile
  --hub                          log in over the launcher hub (SignalR) instead of Account/login
  --quests <quests.gdd>          (upload-character) the quest file of the current difficulty
  --out <file>                   where to write a rewritten stash
  --chat <message>               (play) also say this in chat
`;

function print(step: string, data: unknown): void {
  process.stdout.write(
    `${JSON.stringify({ step, ...(typeof data === 'object' && data !== null ? data : { value: data }) })}\n`,
  );
}

function findFiles(dir: string, test: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findFiles(full, test));
    else if (test(entry.name)) out.push(full);
  }
  return out.sort();
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      branch: { type: 'string', default: 'prod' },
      participant: { type: 'string' },
      hub: { type: 'boolean', default: false },
      quests: { type: 'string' },
      out: { type: 'string' },
      shared: { type: 'boolean', default: false },
      level: { type: 'string' },
      difficulty: { type: 'string' },
      'max-difficulty': { type: 'string' },
      help: { type: 'boolean', default: false },
      global: { type: 'boolean', default: false },
      channel: { type: 'string', default: '1' },
      chat: { type: 'string' },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  const branch = values.branch as Branch;
  if (branch !== 'prod' && branch !== 'beta') throw new Error('--branch must be prod or beta');
  const client = new LauncherClient(values.url ?? process.env.LEAGUE_GAME_URL ?? 'http://localhost:8080/api/', branch);
  const user = values.user ?? process.env.LEAGUE_USER;
  const password = values.password ?? process.env.LEAGUE_PASSWORD;
  if (!user || !password) throw new Error('--user and --password (or LEAGUE_USER / LEAGUE_PASSWORD) are required');

  const tokens = values.hub ? await client.hubLogin(user, password) : await client.login(user, password);
  print('login', { user, role: tokens.role ?? null, via: values.hub ? 'hub' : 'rest' });
  if (command === 'login') return 0;

  const participant = async (): Promise<number> => {
    if (values.participant) return Number(values.participant);
    const profile = await client.profile();
    const pid = profile?.seasonParticipants[0]?.seasonParticipantId;
    if (pid === undefined) throw new Error('no season participant for this user (Season/profile answered none)');
    return pid;
  };
  const need = (what: string): string => {
    if (!arg) throw new Error(`${command} needs ${what}`);
    return arg;
  };
  const writeOut = (data: Buffer): string | null => {
    if (!values.out) return null;
    fs.writeFileSync(values.out, data);
    return values.out;
  };

  switch (command) {
    case 'profile':
      print('profile', { profile: (await client.profile()) ?? null });
      return 0;
    case 'characters': {
      const pid = await participant();
      print('characters', { participant: pid, characters: await client.characters(pid) });
      return 0;
    }
    case 'upload-character': {
      const pid = await participant();
      const gdc = fs.readFileSync(need('a player.gdc'));
      const quests: QuestFiles = {};
      if (values.quests) {
        const d = readPlayer(gdc).info.currentDifficulty;
        quests[(['normal', 'elite', 'ultimate'] as const)[d] ?? 'normal'] = fs.readFileSync(values.quests);
      }
      const json = await uploadCharacter(client, pid, gdc, quests);
      print('upload-character', { participant: pid, character: json.characterData.characterInfo });
      return 0;
    }
    case 'upload-stash': {
      const pid = await participant();
      const file = need('a transfer stash');
      const res = await uploadStashTab(client, pid, fs.readFileSync(file));
      if (res.accepted && values.shared) await client.uploadSharedStash(pid, res.stash, path.basename(file));
      print('upload-stash', {
        participant: pid,
        items: res.items.length,
        accepted: res.accepted,
        message: res.message,
        out: writeOut(res.stash),
      });
      return res.accepted ? 0 : 1;
    }
    case 'queue': {
      const pid = await participant();
      print('queue', { participant: pid, items: await client.transferQueue(pid) });
      return 0;
    }
    case 'pull': {
      const pid = await participant();
      const res = await pullQueue(client, pid, fs.readFileSync(need('a transfer stash')));
      print('pull', {
        participant: pid,
        queued: res.queued.length,
        pulled: res.pulled,
        leftQueued: res.leftQueued,
        out: writeOut(res.stash),
      });
      return 0;
    }
    case 'quest-tag': {
      const pid = await participant();
      const token = need('a gdl_ token');
      await client.questTag(pid, token, {
        level: Number(values.level ?? 100),
        currentDifficulty: Number(values.difficulty ?? 2),
        maxDifficulty: Number(values['max-difficulty'] ?? values.difficulty ?? 2),
      });
      print('quest-tag', { participant: pid, token: token.toLowerCase() });
      return 0;
    }
    case 'season':
      print('season', await client.hubSeason());
      return 0;
    case 'chat': {
      const message = need('a message');
      const url = await client.chatUrl();
      const res = await chatOnce(url, user, message, {
        kind: values.global ? 'global' : 'trade',
        number: Number(values.channel),
      });
      print('chat', { chatUrl: url, ...res });
      return res.received ? 0 : 1;
    }
    case 'play': {
      const dir = need('a folder');
      if (values.hub) print('season', await client.hubSeason());
      const pid = await participant();
      for (const f of findFiles(dir, (n) => n === 'player.gdc')) {
        const gdc = fs.readFileSync(f);
        const player = readPlayer(gdc);
        const d = player.info.currentDifficulty;
        const questsPath = path.join(path.dirname(f), 'quests.gdd');
        const questFile = fs.existsSync(questsPath) ? fs.readFileSync(questsPath) : undefined;
        const quests: QuestFiles = {};
        if (questFile) quests[(['normal', 'elite', 'ultimate'] as const)[d] ?? 'normal'] = questFile;
        const json = await uploadCharacter(client, pid, gdc, quests);
        const info = json.characterData.characterInfo;
        print('upload-character', {
          file: f,
          name: info.name,
          className: info.className,
          level: info.level,
          deathCount: info.deathCount,
        });
        if (questFile) {
          await client.uploadQuestFile(pid, player.header.name, DIFFICULTIES[d] ?? 'Normal', questFile);
          const tokens = readQuests(questFile).leagueTokens;
          for (const token of tokens)
            await client.questTag(pid, token, {
              level: player.header.level,
              currentDifficulty: d,
              maxDifficulty: player.info.greatestDifficulty,
            });
          print('quest-tags', { name: player.header.name, tokens });
        }
      }
      print('characters', { characters: await client.characters(pid) });
      for (const f of findFiles(dir, (n) => /^transfer\.gs[th]$/i.test(n))) {
        const up = await uploadStashTab(client, pid, fs.readFileSync(f));
        print('upload-stash', { file: f, items: up.items.length, accepted: up.accepted, message: up.message });
        if (up.accepted) await client.uploadSharedStash(pid, up.stash, path.basename(f));
        const pulled = await pullQueue(client, pid, up.stash);
        print('pull', {
          file: f,
          queued: pulled.queued.length,
          pulled: pulled.pulled.length,
          leftQueued: pulled.leftQueued,
        });
        if (pulled.pulled.length > 0) await client.uploadSharedStash(pid, pulled.stash, path.basename(f));
      }
      print('standing', { standing: (await client.standing(pid)) ?? null });
      if (values.chat) {
        const url = await client.chatUrl();
        print('chat', await chatOnce(url, user, values.chat));
      }
      return 0;
    }
    default:
      process.stderr.write(`unknown command ${command}\n${USAGE}`);
      return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`league-gameclient: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
