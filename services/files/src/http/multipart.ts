import type { Request, Response } from 'express';
import busboy from 'busboy';
import type { Readable } from 'node:stream';
import { AppError } from '@league/platform';

export interface MultipartResult<T> {
  fields: Record<string, string>;
  fileName: string;
  stored: T;
}

/**
 * Reads a multipart upload with exactly one part named `file`, handing that part's stream to `store` as it
 * arrives (nothing is buffered). `beforeFile` sees the fields sent before the file and may refuse early.
 */
export function readSingleFileUpload<T>(
  req: Request,
  beforeFile: (fields: Record<string, string>, fileName: string) => void,
  store: (stream: Readable, fields: Record<string, string>) => Promise<T>,
): Promise<MultipartResult<T>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 4096, parts: 25 } });
    } catch (err) {
      reject(AppError.badRequest(`The upload must be multipart/form-data: ${(err as Error).message}`));
      return;
    }
    const fields: Record<string, string> = {};
    let stored: Promise<T> | undefined;
    let fileName = '';
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      reject(err);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || stored) {
        stream.resume();
        fail(AppError.badRequest(`Send exactly one file part, named 'file' (got '${name}')`));
        return;
      }
      fileName = info.filename ?? '';
      try {
        beforeFile(fields, fileName);
      } catch (err) {
        stream.resume();
        fail(err);
        return;
      }
      stored = store(stream, fields);
      stored.catch(fail);
    });
    parser.on('filesLimit', () => fail(AppError.badRequest('Send exactly one file part')));
    parser.on('partsLimit', () => fail(AppError.badRequest('The upload has too many parts')));
    parser.on('error', (err: Error) => fail(AppError.badRequest(`The upload is not valid multipart: ${err.message}`)));
    parser.on('close', () => {
      if (failed) return;
      if (!stored) {
        fail(AppError.badRequest("The upload has no file part named 'file'"));
        return;
      }
      stored.then((value) => !failed && resolve({ fields, fileName, stored: value }), fail);
    });
    req.on('aborted', () => fail(AppError.badRequest('The upload was interrupted')));
    req.pipe(parser);
  });
}

/**
 * After refusing an upload mid-stream: read and drop the rest of the body so the client (or the BFF's
 * proxy, still streaming it) reads the answer, then drop a sender that goes on for longer than that.
 * The connection is not marked `Connection: close`: Node then destroys the socket as soon as the answer
 * is written, the client's unread bytes reset the connection, and the reset can reach the client before
 * the answer does (the BFF then saw an upstream error and answered 502 instead of this 413).
 */
export function closeAfterAnswer(req: Request, res: Response, drainMs = 5_000): void {
  req.resume();
  res.on('finish', () => {
    if (req.complete) return;
    const cutOff = setTimeout(() => req.socket?.destroy(), drainMs).unref();
    req.once('end', () => clearTimeout(cutOff));
  });
}
