import { expectServiceBoots } from '@league/platform/testing';
import { start } from '../src/server';

describe('the trade service', () => {
  expectServiceBoots('trade', start);
});
