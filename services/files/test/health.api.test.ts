import { expectServiceBoots } from '@league/platform/testing';
import { start } from '../src/server';

describe('the files service', () => {
  expectServiceBoots('files', start, ['minio']);
});
