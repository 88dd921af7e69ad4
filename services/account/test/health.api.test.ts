import { expectServiceBoots } from '@league/platform/testing';
import { start } from '../src/server';
import { tempKeyFile } from './support/harness';

describe('the account service', () => {
  const key = tempKeyFile();
  expectServiceBoots('account', (env) => start({ ...env, JWT_PRIVATE_KEY_FILE: key }));
});
