import {
  createLogger,
  ObjectStorage,
  OutboxRelay,
  redisChangeToken,
  startService,
  TypedQueue,
  type RunningService,
} from '@league/platform';
import { loadServiceConfig } from './config';
import { FileRepository } from './data/file.repository';
import { FileCatalogue } from './domain/catalogue';
import { seedDemoFiles, seedPatchNotes } from './domain/demo-seed';
import { PatchNotes } from './domain/patch-notes';
import { patchNotesApi } from './http/patch-notes.routes';
import { BetaFinalisation, type FinaliseJob } from './domain/finalise-beta';
import type { Branch } from './domain/rules';
import { Uploads, type UploadJob } from './domain/uploads';
import { filesApi } from './http/files.routes';
import { characterFilesApi } from './http/character-files.routes';
import { CharacterFileRepository } from './data/character-file.repository';
import { CharacterFiles } from './domain/character-files';
import { ParticipantOwnerRepository } from './data/participant-owner.repository';
import { subscribeParticipantOwners } from './events/participant-owners.consumer';
import { startBetaFinalisationWorker } from './workers/beta-finalisation.worker';
import { startUploadProcessingWorker, UPLOAD_JOB_OPTIONS } from './workers/upload-processing.worker';
import { GameDataRepository } from './data/game-data.repository';
import { GameDataPublisher, type GameDataJob } from './domain/game-data';
import { GAME_DATA_JOB_OPTIONS, startGameDataWorker } from './workers/game-data.worker';

interface PausableWorker {
  pause(): Promise<void>;
  resume(): void;
  close(): Promise<void>;
}

export interface FilesService extends RunningService {
  repo: FileRepository;
  storage: ObjectStorage;
  catalogue: FileCatalogue;
  patchNotes: PatchNotes;
  bucketFor: (branch: Branch) => string;
  /** The BullMQ workers, so a test can pause one and watch the state in between. */
  workers: Record<'uploads' | 'finalisation' | 'gameData', PausableWorker>;
  gameData: GameDataPublisher;
}

/** Starts the files service: mod and launcher files per branch, uploads, processing, beta finalisation. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<FilesService> {
  const config = loadServiceConfig(env);
  const logger = createLogger('files', config.LOG_LEVEL);
  const storage = new ObjectStorage({
    endpoint: config.MINIO_ENDPOINT,
    accessKey: config.MINIO_ACCESS_KEY,
    secretKey: config.MINIO_SECRET_KEY,
    region: config.MINIO_REGION,
  });
  const bucketFor = (branch: Branch) => `${config.FILES_BUCKET_PREFIX}-${branch}`;
  let repo!: FileRepository;
  let catalogue!: FileCatalogue;
  let uploads!: Uploads;
  let finalisation!: BetaFinalisation;
  let gameData!: GameDataPublisher;
  let workers!: FilesService['workers'];
  let characterFiles!: CharacterFiles;
  let owners!: ParticipantOwnerRepository;
  const docsBucket = `${config.FILES_BUCKET_PREFIX}-docs`;
  const patchNotes = new PatchNotes(storage, docsBucket, logger);

  const svc = await startService({
    name: 'files',
    config,
    logger,
    background: async ({ mongo, bus, locks, redis }) => {
      repo = new FileRepository(mongo, locks, {
        token: redisChangeToken(redis, config.MONGO_DB, 'files:served'),
        logger,
      });
      await repo.init();
      const characterBucket = `${config.FILES_BUCKET_PREFIX}-characters`;
      await Promise.all([
        storage.ensureBucket(bucketFor('prod')),
        storage.ensureBucket(bucketFor('beta')),
        storage.ensureBucket(characterBucket),
        storage.ensureBucket(docsBucket),
      ]);
      const characterRepo = new CharacterFileRepository(mongo);
      await characterRepo.init();
      characterFiles = new CharacterFiles(characterRepo, storage, characterBucket);
      owners = new ParticipantOwnerRepository(mongo);
      await subscribeParticipantOwners(bus, owners, `${config.FILES_CONSUMER_GROUP}-participant-owners`);
      // The relay's $pull holds the same per-document lock as the repository's guarded updates.
      const gameDataRepo = new GameDataRepository(mongo, locks);
      const relay = new OutboxRelay({
        bus,
        logger,
        models: [repo.files, repo.finalisations, gameDataRepo.model],
        locks,
      });
      const uploadQueue = new TypedQueue<UploadJob>(config.FILES_UPLOAD_QUEUE, config.REDIS_URL, UPLOAD_JOB_OPTIONS);
      const finaliseQueue = new TypedQueue<FinaliseJob>(config.FILES_FINALISE_QUEUE, config.REDIS_URL);
      const gameDataQueue = new TypedQueue<GameDataJob>(
        config.FILES_GAME_DATA_QUEUE,
        config.REDIS_URL,
        GAME_DATA_JOB_OPTIONS,
      );
      gameData = new GameDataPublisher(
        repo,
        gameDataRepo,
        storage,
        gameDataQueue,
        relay,
        { tmpDir: config.FILES_TMP_DIR, bucketFor },
        logger,
      );
      catalogue = new FileCatalogue(repo, storage, {
        publicUrls: config.publicUrls,
        urlExpirySeconds: config.FILES_URL_EXPIRY_SECONDS,
        preloadExcluded: config.FILES_PRELOAD_EXCLUDED,
      });
      uploads = new Uploads(
        repo,
        storage,
        uploadQueue,
        relay,
        {
          maxBytes: config.FILES_MAX_UPLOAD_BYTES,
          waitMs: config.FILES_UPLOAD_WAIT_MS,
          tmpDir: config.FILES_TMP_DIR,
          bucketFor,
        },
        logger,
        gameData,
      );
      finalisation = new BetaFinalisation(repo, storage, finaliseQueue, relay, bucketFor, logger, gameData);
      workers = {
        uploads: startUploadProcessingWorker(
          config.FILES_UPLOAD_QUEUE,
          config.REDIS_URL,
          logger,
          uploads,
          config.FILES_JOB_LOCK_MS,
        ),
        finalisation: startBetaFinalisationWorker(
          config.FILES_FINALISE_QUEUE,
          config.REDIS_URL,
          logger,
          finalisation,
          config.FILES_JOB_LOCK_MS,
        ),
        gameData: startGameDataWorker(
          config.FILES_GAME_DATA_QUEUE,
          config.REDIS_URL,
          logger,
          gameData,
          config.FILES_JOB_LOCK_MS,
        ),
      };
      relay.start();
      await uploads.resumePending();
      await finalisation.resume();
      await gameData.resume();
      if (config.demoSeed) {
        await seedDemoFiles(repo, storage, uploads, logger);
        await seedPatchNotes(patchNotes, config.FILES_PATCH_NOTES_SOURCE, logger);
      }
      return async () => {
        await Promise.all(Object.values(workers).map((w) => w.close()));
        await relay.stop();
        await Promise.all([uploadQueue.close(), finaliseQueue.close(), gameDataQueue.close()]);
      };
    },
    apis: ({ auth, consistency }) => [
      // Before filesApi: its `/file/:name` would otherwise take `/file/patch-notes`.
      patchNotesApi(auth, patchNotes),
      filesApi({
        auth,
        catalogue,
        uploads,
        finalisation,
        gameData,
        maxUploadBytes: config.FILES_MAX_UPLOAD_BYTES,
        baseGame: config.baseGame,
      }),
      characterFilesApi(auth, characterFiles, owners, (topics) => consistency.catchUp(topics)),
    ],
    readiness: () => ({ minio: () => storage.ready() }),
  });
  return { ...svc, repo, storage, catalogue, patchNotes, bucketFor, workers, gameData };
}
