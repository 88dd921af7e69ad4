/** A failure the user can act on: printed as one line, without a stack trace. */
export class StackError extends Error {
  override name = 'StackError';
}
