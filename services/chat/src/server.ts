import { randomBytes } from 'node:crypto';
import { userRegisteredV1 } from '@league/contracts';
import { GameNames, type GameDataSet } from '@league/gamefiles';
import {
  createLogger,
  followGameData,
  type GameData,
  OutboxRelay,
  redisSubscriber,
  startService,
  type RunningService,
} from '@league/platform';
import { loadServiceConfig } from './config';
import { chatMessageModel } from './data/chat-message.model';
import { ChatMessageRepository } from './data/chat-message.repository';
import { chatUserModel } from './data/chat-user.model';
import { ChatUserRepository } from './data/chat-user.repository';
import { BanSet, FloodGate, PresenceStore } from './data/presence.store';
import { welcomeModel } from './data/welcome.model';
import { WelcomeRepository } from './data/welcome.repository';
import { ChatService } from './domain/chat-service';
import { onUserRegistered } from './events/consumers/account-user-registered';
import { chatRoutes, gameRoutes } from './http/chat.routes';
import { ChatHub } from './hub/chat-hub';
import { Fanout } from './hub/fanout';

export interface RunningChat extends RunningService {
  hub: ChatHub;
  chat: ChatService;
  instance: string;
  /** Prod's published game data, which names linked items in the chat log. */
  gameData: GameData<GameNames>;
}

/** Starts the chat service: the in-game chat hub, presence, welcome and system messages, bans and the chat log. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningChat> {
  const config = loadServiceConfig(env);
  const logger = createLogger('chat', config.LOG_LEVEL);
  const instance = `${config.SERVICE_NAME}-${randomBytes(6).toString('hex')}`;
  const prefix = config.CHAT_REDIS_PREFIX;
  let chat: ChatService | undefined;
  let hub: ChatHub | undefined;
  let gameData: GameData<GameNames> | undefined;
  let relay: OutboxRelay | undefined;

  const svc = await startService({
    name: 'chat',
    config,
    logger,
    background: async ({ mongo, bus, redis, locks }) => {
      const users = chatUserModel(mongo);
      await Promise.all([users.init(), chatMessageModel(mongo).init(), welcomeModel(mongo).init()]);
      const userRepository = new ChatUserRepository(users, locks);
      relay = new OutboxRelay({ bus, logger, models: [users], locks });
      relay.start();
      const presence = new PresenceStore(redis, prefix, instance, config.CHAT_HEARTBEAT_MS * 3);
      // A subscribed connection can issue nothing else, so the fan-out listens on one of its own.
      const fanout = new Fanout(redis, redisSubscriber(config.REDIS_URL), prefix, logger);
      // Linked items in the chat log are named from prod's published game data.
      gameData = await followGameData(
        { mongo, bus, logger },
        config,
        `${config.CHAT_CONSUMER_GROUP}-game-data`,
        (set) => new GameNames(set as GameDataSet),
      );
      chat = new ChatService({
        users: userRepository,
        messages: new ChatMessageRepository(chatMessageModel(mongo)),
        welcome: new WelcomeRepository(welcomeModel(mongo)),
        presence,
        bans: new BanSet(redis, prefix),
        flood: new FloodGate(redis, prefix, config.CHAT_FLOOD_MAX, config.CHAT_FLOOD_WINDOW_MS),
        publish: (m) => fanout.publish(m),
        kickRelay: () => relay?.kick(),
        floodMax: config.CHAT_FLOOD_MAX,
        floodWindowMs: config.CHAT_FLOOD_WINDOW_MS,
        gameNames: () => gameData?.names('prod'),
      });
      await chat.reconcileBans();
      await bus.subscribe({
        groupId: config.CHAT_CONSUMER_GROUP,
        handlers: { [userRegisteredV1.type]: onUserRegistered(userRepository) },
      });
      hub = new ChatHub(chat, presence, fanout, logger, {
        ticketSecret: config.CHAT_TICKET_SECRET,
        pingIntervalMs: config.CHAT_PING_INTERVAL_MS,
        clientTimeoutMs: config.CHAT_CLIENT_TIMEOUT_MS,
        handshakeTimeoutMs: config.CHAT_HANDSHAKE_TIMEOUT_MS,
        heartbeatMs: config.CHAT_HEARTBEAT_MS,
      });
      return async () => {
        await hub?.stop();
        await relay?.stop();
        await gameData?.stop();
      };
    },
    apis: ({ auth }) => [chatRoutes(auth, chat!, config), gameRoutes(chat!, config)],
  });
  await hub!.start(svc.server);
  return {
    ...svc,
    hub: hub!,
    chat: chat!,
    gameData: gameData!,
    instance,
    // Sockets first: the HTTP server does not finish closing while upgraded connections stay open.
    stop: async () => {
      await hub!.stop();
      await svc.stop();
    },
  };
}
