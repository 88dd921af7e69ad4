import fs from 'node:fs';
import path from 'node:path';
import { FormatError } from '@league/gamefiles';

export const FIXTURES = path.join(__dirname, 'fixtures', 'gd');

export function fixture(rel: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, rel));
}

export const PLAYER_FILES = [
  'gd-cli/player.gdc',
  'dead/_TestMain121/player.gdc',
  'yagde/_TestAoMFemaleHC/player.gdc',
  'yagde/_TestAoMMaleSC/player.gdc',
  'yagde/_TestFGFemaleHC/player.gdc',
  'yagde/_TestFGMaleSC/player.gdc',
  'yagde/_TestMain/player.gdc',
  'yagde/_TestMain121/player.gdc',
  'yagde/_TestVanillaFemaleHC/player.gdc',
  'yagde/_TestVanillaMaleSC/player.gdc',
];

/** The error thrown by fn; fails the test when fn does not throw. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

/** Asserts fn throws a FormatError whose message matches. */
export function expectFormatError(fn: () => unknown, message?: RegExp): FormatError {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(FormatError);
  if (message) expect((err as Error).message).toMatch(message);
  return err as FormatError;
}

/** A tiny deterministic PRNG so fuzz cases are reproducible. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Asserts a promise rejects with a FormatError whose message matches. */
export async function expectFormatRejection(promise: Promise<unknown>, message?: RegExp): Promise<FormatError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FormatError);
  if (message) expect((err as Error).message).toMatch(message);
  return err as FormatError;
}

/** A byte flipped in a copy. */
export function flip(buf: Buffer, at: number): Buffer {
  const copy = Buffer.from(buf);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

export const DATA = {
  arz: () => fixture('data/some.arz'),
  english: () => fixture('data/some.arc'),
  german: () => fixture('data/some_german.arc'),
};
