// The tags file (tags.gst / tags.gsh), not enciphered: u32 count, u32 payload length, then
// count × (u32 length + ASCII token, e.g. GDIP_…). The writer gives the payload length as the bytes after
// the 8-byte header; the reader also accepts the sum of the token lengths (LAUNCHER-API.md does not say
// which the launcher writes, and the site must not refuse the launcher's own file).
import { FormatError } from './errors';

const MAX_TOKEN = 1024;

export function readTagsFile(input: Uint8Array): string[] {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.length);
  if (buf.length < 8) throw new FormatError(`tags file: too short (${buf.length} bytes)`);
  const count = buf.readUInt32LE(0);
  const payload = buf.readUInt32LE(4);
  if (count > (buf.length - 8) / 4)
    throw new FormatError(`tags file: ${count} tokens cannot fit in ${buf.length - 8} bytes`, 0);
  let textBytes = 0;
  const tokens: string[] = [];
  let pos = 8;
  for (let i = 0; i < count; i++) {
    if (pos + 4 > buf.length) throw new FormatError(`tags file: truncated before token ${i + 1}`, pos);
    const len = buf.readUInt32LE(pos);
    pos += 4;
    if (len > MAX_TOKEN || pos + len > buf.length)
      throw new FormatError(`tags file: token ${i + 1} length ${len} runs past the end`, pos - 4);
    for (let j = pos; j < pos + len; j++) {
      const c = buf[j] as number;
      if (c < 0x20 || c > 0x7e) throw new FormatError(`tags file: token ${i + 1} is not ASCII`, j);
    }
    tokens.push(buf.toString('latin1', pos, pos + len));
    textBytes += len;
    pos += len;
  }
  if (pos !== buf.length)
    throw new FormatError(`tags file: ${buf.length - pos} unexpected bytes after the tokens`, pos);
  if (payload !== buf.length - 8 && payload !== textBytes)
    throw new FormatError(
      `tags file: payload length ${payload} is neither the ${buf.length - 8} bytes that follow nor the ${textBytes} token bytes`,
      4,
    );
  return tokens;
}

export function writeTagsFile(tokens: readonly string[]): Buffer {
  let payload = 0;
  for (const t of tokens) {
    if (t.length > MAX_TOKEN || !/^[\x20-\x7e]*$/.test(t))
      throw new FormatError(`tags file: token is not ASCII: ${JSON.stringify(t)}`);
    payload += 4 + t.length;
  }
  const buf = Buffer.alloc(8 + payload);
  buf.writeUInt32LE(tokens.length, 0);
  buf.writeUInt32LE(payload, 4);
  let pos = 8;
  for (const t of tokens) {
    buf.writeUInt32LE(t.length, pos);
    buf.write(t, pos + 4, 'latin1');
    pos += 4 + t.length;
  }
  return buf;
}
