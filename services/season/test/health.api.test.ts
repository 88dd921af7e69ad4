import { expectServiceBoots } from '@league/platform/testing';
import { start } from '../src/server';

describe('the season service', () => {
  expectServiceBoots('season', start);
});
