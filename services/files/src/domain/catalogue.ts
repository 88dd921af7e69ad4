import type { FileList, FileRecord, LauncherHubFile, LeagueHubFile, ModFile, Region } from '@league/contracts';
import { AppError, type ObjectStorage } from '@league/platform';
import type { FileRepository, FileVersion } from '../data/file.repository';
import { isExcludedFromPreload, slotOf, type Branch } from './rules';

export interface CatalogueSettings {
  publicUrls: Record<Region, string>;
  urlExpirySeconds: number;
  preloadExcluded: string[];
}

export const toRecord = (v: FileVersion): FileRecord => ({
  id: v._id,
  branch: v.branch,
  kind: v.kind,
  fileName: v.fileName,
  modName: v.modName,
  version: v.version,
  size: v.size,
  md5: v.md5,
  sha256: v.sha256,
  status: v.status,
  errorMessage: v.errorMessage,
  modifiedOn: (v.readyAt ?? v.createdAt).toISOString(),
});

/** What players, the site and the launcher read: only the served (newest ready) version of each file. */
export class FileCatalogue {
  constructor(
    private readonly repo: FileRepository,
    private readonly storage: ObjectStorage,
    private readonly settings: CatalogueSettings,
  ) {}

  /** A time-limited GET on the region's public endpoint, saving under the file's own name. */
  downloadUrl(v: FileVersion, region: Region): Promise<string> {
    return this.storage.presignedGet(
      v.bucket,
      v.objectKey,
      this.settings.urlExpirySeconds,
      this.settings.publicUrls[region],
      v.fileName,
    );
  }

  async list(branch: Branch, region: Region): Promise<FileList> {
    const served = await this.repo.served(branch);
    const mods = served.filter((v) => v.kind === 'mod').sort((a, b) => a.fileName.localeCompare(b.fileName));
    const launcher = served.find((v) => v.kind === 'launcher');
    return {
      modFiles: await Promise.all(mods.map((v) => this.modFile(v, region))),
      launcherFile: launcher
        ? {
            fileName: launcher.fileName,
            version: launcher.version,
            size: launcher.size,
            modifiedOn: launcher.readyAt!.toISOString(),
            downloadUrl: await this.downloadUrl(launcher, region),
          }
        : null,
    };
  }

  /** The About page's pre-load list: the mod files minus the configured core files. */
  async preload(branch: Branch, region: Region): Promise<ModFile[]> {
    const { modFiles } = await this.list(branch, region);
    return modFiles.filter((f) => !isExcludedFromPreload(f.fileName, this.settings.preloadExcluded));
  }

  async modDownload(branch: Branch, region: Region, name: string): Promise<string> {
    const v = await this.repo.servedInSlot(branch, slotOf('mod', name));
    const launcher = v ? undefined : await this.repo.servedInSlot(branch, 'launcher');
    const found = v ?? (launcher && launcher.fileName.toLowerCase() === name.toLowerCase() ? launcher : undefined);
    if (!found) throw AppError.notFound(`No file named '${name}' is available on ${branch}`);
    return this.downloadUrl(found, region);
  }

  async launcherDownload(branch: Branch, region: Region): Promise<string> {
    const v = await this.repo.servedInSlot(branch, 'launcher');
    if (!v) throw AppError.notFound(`No launcher file is available on ${branch}`);
    return this.downloadUrl(v, region);
  }

  /** The launcher hub's `GetLauncherFile` (a later issue's hub calls this). Undefined when there is none. */
  async launcherHubFile(branch: Branch, region: Region = 'us'): Promise<LauncherHubFile | undefined> {
    const v = await this.repo.servedInSlot(branch, 'launcher');
    if (!v) return undefined;
    return {
      FileSize: v.size,
      FileName: v.fileName,
      Checksum: v.md5!,
      Version: v.version,
      DownloadUrl: await this.downloadUrl(v, region),
    };
  }

  /** The launcher hub's `GetLeagueFiles`: every served mod file of the branch. */
  async leagueHubFiles(branch: Branch, region: Region = 'us'): Promise<LeagueHubFile[]> {
    const mods = (await this.repo.served(branch)).filter((v) => v.kind === 'mod');
    return Promise.all(
      mods.map(async (v) => ({
        FileName: v.fileName,
        DownloadUrl: await this.downloadUrl(v, region),
        FileSize: v.size,
      })),
    );
  }

  private async modFile(v: FileVersion, region: Region): Promise<ModFile> {
    return {
      fileName: v.fileName,
      modName: v.modName,
      size: v.size,
      modifiedOn: v.readyAt!.toISOString(),
      downloadUrl: await this.downloadUrl(v, region),
    };
  }
}
