import { expectServiceBoots } from '@league/platform/testing';
import { start } from '../src/server';

describe('the chat service', () => {
  expectServiceBoots('chat', start);
});
