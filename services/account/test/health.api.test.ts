import { expectServiceBoots } from '@league/platform/testing';
import { start } from '../src/server';

describe('the account service', () => {
  expectServiceBoots('account', start);
});
