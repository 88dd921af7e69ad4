// multipart/form-data as the launcher sends it: a JSON part (no filename, application/json) and a file
// part named "file" (application/octet-stream, filename = the game file's base name).
import { randomBytes } from 'node:crypto';

export type Part =
  { name: string; json: unknown } | { name: string; filename: string; data: Uint8Array; contentType?: string };

export function multipart(parts: readonly Part[]): { body: Buffer; contentType: string } {
  const boundary = `----LeagueGameClient${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('json' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(part.json)}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(part.data));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
