/**
 * Splits a byte stream into text lines for the NEM12 parser, without holding the file in memory: LF or CRLF
 * endings, a UTF-8 byte order mark, a last line without an ending. A line longer than the limit is a
 * structural error, so that a binary or corrupt file cannot make us buffer without end.
 */
import { StringDecoder } from 'node:string_decoder';
import { Nem12Error } from './types.ts';

/** A 5-minute 300 record is about 2 KB; a megabyte is far beyond any real line. */
export const MAX_LINE_LENGTH = 1 << 20;

export interface LinesOptions {
  maxLineLength?: number;
}

/** The lines of a stream of bytes (or strings), without their line endings. Accepts any Node Readable. */
export async function* linesOf(
  stream: AsyncIterable<Uint8Array | string>,
  options: LinesOptions = {},
): AsyncGenerator<string, void, undefined> {
  const maxLength = options.maxLineLength ?? MAX_LINE_LENGTH;
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let atStart = true;
  let line = 0;
  const tooLong = () =>
    new Nem12Error(line + 1, `line is longer than ${maxLength} characters: this is not a NEM12 file`);

  for await (const chunk of stream) {
    let text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    if (atStart && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      atStart = false;
    }
    if (carry.length > 0) {
      text = carry + text;
      carry = '';
    }
    let start = 0;
    let newline = text.indexOf('\n');
    while (newline >= 0) {
      const end = newline > start && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      if (end - start > maxLength) throw tooLong();
      line++;
      yield text.slice(start, end);
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    carry = start === 0 ? text : text.slice(start);
    if (carry.length > maxLength) throw tooLong();
  }
  carry += decoder.end();
  if (atStart && carry.charCodeAt(0) === 0xfeff) carry = carry.slice(1);
  if (carry.length > 0) {
    if (carry.charCodeAt(carry.length - 1) === 13) carry = carry.slice(0, -1);
    if (carry.length > maxLength) throw tooLong();
    yield carry;
  }
}
