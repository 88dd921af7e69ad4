import { Authenticator, createLogger, startService, type RunningService } from '@league/platform';
import { loadServiceConfig } from './config';
import { accountRoutes } from './http/account.routes';
import { jwksRoutes } from './http/jwks.routes';
import { userRoutes } from './http/user.routes';
import { loadSigningKey } from './security/signing-key';
import { TokenIssuer } from './security/tokens';
import { wireAccount, type AccountWiring } from './wiring';
import { startMailWorker } from './workers/account-mail.worker';

/** Starts the account service: users, credentials, tokens, roles, socials, the Patreon link and mail. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadServiceConfig(env);
  const logger = createLogger('account', config.LOG_LEVEL);
  const key = await loadSigningKey(config.JWT_PRIVATE_KEY_FILE);
  const issuer = new TokenIssuer(key, {
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  // Same checks as every other service, but against the key in memory: the service is its own JWKS.
  const auth = new Authenticator({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    keySet: issuer.localKeySet(),
  });
  let wiring: AccountWiring | undefined;
  return startService({
    name: 'account',
    config,
    logger,
    background: async (engines) => {
      wiring = wireAccount(engines, config, issuer);
      await wiring.indexes;
      wiring.relay.start();
      const stopMail = startMailWorker({
        queue: config.MAIL_QUEUE,
        redisUrl: config.REDIS_URL,
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        ttlMinutes: config.RESET_CODE_TTL_MINUTES,
        logger,
      });
      const { relay, mailQueue, sessions } = wiring;
      const sweep = setInterval(() => {
        sessions.deleteExpired(new Date()).catch((err) => logger.warn({ err }, 'refresh token sweep failed'));
      }, 3_600_000);
      sweep.unref();
      return async () => {
        clearInterval(sweep);
        await relay.stop();
        await stopMail();
        await mailQueue.close();
      };
    },
    apis: () => [jwksRoutes(() => issuer.jwks()), accountRoutes(wiring!.deps, auth), userRoutes(wiring!.deps, auth)],
  });
}
