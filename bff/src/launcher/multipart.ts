/** One part of a multipart/form-data body. */
export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export class MultipartError extends Error {}

/** Parses a buffered multipart/form-data body (the launcher's uploads are a few MB at most). */
export function parseMultipart(body: Buffer, contentType: string | undefined): Part[] {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  if (!/^multipart\/form-data/i.test(contentType ?? '') || !m) {
    throw new MultipartError('Send the upload as multipart/form-data');
  }
  const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
  const parts: Part[] = [];
  let at = body.indexOf(boundary);
  if (at < 0) throw new MultipartError('The multipart body has no boundary');
  for (;;) {
    at += boundary.length;
    if (body.subarray(at, at + 2).toString() === '--') break;
    if (body.subarray(at, at + 2).toString() !== '\r\n') throw new MultipartError('Malformed multipart body');
    at += 2;
    const headEnd = body.indexOf('\r\n\r\n', at);
    if (headEnd < 0) throw new MultipartError('Malformed multipart part headers');
    const head = body.subarray(at, headEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), boundary]), headEnd + 4);
    if (next < 0) throw new MultipartError('The multipart body is truncated');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(head)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw new MultipartError('A multipart part has no name');
    parts.push({
      name,
      filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
      contentType: /content-type:\s*([^\r\n]*)/i.exec(head)?.[1]?.trim(),
      data: body.subarray(headEnd + 4, next),
    });
    at = next + 2;
  }
  return parts;
}
