import type {
  CatalogueItem,
  CatalogueItemSummary,
  Encounter,
  FileRecord,
  FinaliseStatus,
  GameDataStatus,
  ItemNode,
  LauncherFile,
  ModFile,
  Monster,
  MonsterNode,
  MonsterSummary,
  SavedNode,
  SuspectedDuplicate,
  WelcomeMessage,
} from '@league/contracts';

export type {
  CatalogueItem,
  CatalogueItemSummary,
  Encounter,
  FileRecord,
  FinaliseStatus,
  GameDataStatus,
  ItemNode,
  LauncherFile,
  ModFile,
  Monster,
  MonsterNode,
  MonsterSummary,
  SavedNode,
  SuspectedDuplicate,
  WelcomeMessage,
};

export type Branch = 'prod' | 'beta';

/** One branch of GET /file/game-data: its published game-data set and its last extraction. */
export type GameDataBranch = GameDataStatus['branches'][number];

/** A season challenge as GET /admin/season/{id}/challenges answers it; seasonChallengeId 0 = not saved yet. */
export interface AdminChallenge {
  seasonChallengeId: number;
  seasonId: number;
  challengeName: string;
  questTag: string | null;
  /** Normal, Elite and Ultimate joined by '+'. */
  difficulties: string;
  maxLevel: number;
  challengeCategoryId: number;
  categoryName: string;
  /** 1 Single, 2 Level Based, 3 Inverse Level Based, 4 Scaling. */
  challengeTypeId: number;
  scalingThreshold: number | null;
  pointValue: number;
  displayOrder: number;
}

export interface ChallengeCategory {
  challengeCategoryId: number;
  categoryName: string;
}

export interface AdminSeason {
  seasonId: number;
  displayName: string;
  isBeta: boolean;
  seasonTypeId: number;
}

/** GET /file/filenames: a branch's mod files and its launcher file. */
export interface AdminFileList {
  modFiles: ModFile[];
  launcherFile: LauncherFile | null;
}

export interface BannedUser {
  username: string;
  banStart: string;
}

export interface BanHistoryEntry {
  banStart: string;
  /** null while the ban is still on. */
  banEnd: string | null;
}

export interface ChatLogEntry {
  timestamp: string;
  message: string;
  channel: string;
  /** The item the message links, by its game name (null: none). */
  itemName: string | null;
}

/** A participant's character as the character-data call documents it (spec §3). */
export interface CharacterSummary {
  name: string;
  className: string;
  level: number;
  hardcore: boolean;
  deathCount: number;
}

export interface KilledByRow {
  killedBy: string;
  killedCount: number;
}

export interface CharacterData {
  characters: CharacterSummary[];
  killedBy: KilledByRow[];
}

/** GET /file/participants/{id}/character-files entries. */
export interface CharacterFile {
  character: string | null;
  file: string;
  difficulty: string | null;
  size: number;
  md5: string;
  updatedAt: string;
}
