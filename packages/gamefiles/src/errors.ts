/** A game file that is not what it claims to be: truncated, forged, an unknown version or a bad value. */
export class FormatError extends Error {
  override readonly name = 'FormatError';
  /** Byte offset in the input where the problem was found, when known. */
  readonly offset: number | undefined;

  constructor(message: string, offset?: number) {
    super(offset === undefined ? message : `${message} (at byte ${offset})`);
    this.offset = offset;
  }
}

export function isFormatError(err: unknown): err is FormatError {
  return err instanceof FormatError;
}
