/**
 * Writes NEM12 files from day reads: the demo data and the benchmark files (hundreds of MB) are made with it,
 * so it generates lazily, from iterables of channels and reads, and never builds the file in memory. Values
 * are micro-kWh integers written as exact kWh decimals ('1.111' for 1_111_000).
 */
import { isMarketDate } from '@portal/contracts';
import { formatMicro } from './units.ts';

export interface Nem12WriteEvent {
  startInterval: number;
  endInterval: number;
  qualityMethod: string;
  reasonCode?: number | null;
  reasonDescription?: string | null;
}

export interface Nem12WriteRead {
  /** Market (AEST) date, YYYY-MM-DD. */
  date: string;
  /** 1440 / intervalMinutes non-negative integers, in micro-kWh (micro-units of the channel's unit). */
  values: readonly number[];
  /**
   * One quality flag (A, E, F, N or S) for the day, or one per interval. A day whose flags differ is written
   * with quality method V and a 400 record per run of equal flags. Default 'A'.
   */
  quality?: string;
  /** The 300 record's QualityMethod, e.g. 'A', 'E52', 'S14'; its first letter must be the day's flag. */
  qualityMethod?: string;
  reasonCode?: number | null;
  reasonDescription?: string | null;
  /** 400 records to write as they are (the 300's quality method is then V unless qualityMethod says else). */
  events?: readonly Nem12WriteEvent[];
  /** Written to the second, in AEST. */
  updateTime?: Date | null;
  msatsLoadTime?: Date | null;
}

export interface Nem12WriteChannel {
  nmi: string;
  suffix: string;
  /** Values are written as micro-units of this unit over 10^6. Default 'kWh'. */
  uom?: 'kWh' | 'kVArh' | 'kVAh';
  intervalMinutes: 5 | 10 | 15 | 30;
  nmiConfiguration?: string;
  registerId?: string;
  mdmDataStreamId?: string;
  meterSerial?: string;
  reads: Iterable<Nem12WriteRead>;
}

export interface Nem12WriteInput {
  /** The 100 header's FromParticipant. */
  participant?: string;
  toParticipant?: string;
  /** The 100 header's DateTime; default now. */
  createdAt?: Date;
  lineEnding?: '\n' | '\r\n';
  channels: Iterable<Nem12WriteChannel>;
}

const FLAGS = /^[AEFNS]+$/;
const NMI_PATTERN = /^[A-Za-z0-9]{1,10}$/;
const SUFFIX_PATTERN = /^[A-Za-z0-9]{2}$/;
const QUALITY_METHOD_PATTERN = /^[AEFNSV][0-9]{0,2}$/;
/** Text fields must not break the CSV: NEM12 has no quoting. */
const TEXT_PATTERN = /^[^,\r\n]*$/;
const MARKET_OFFSET_MS = 600 * 60_000;
/** Chunks of about this many characters: few enough writes to the stream, small enough to stream. */
const CHUNK_CHARS = 1 << 16;

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** An instant as NEM12 DateTime in AEST: 'YYYYMMDDhhmmss', or 'YYYYMMDDhhmm' when `seconds` is false. */
export function formatNem12DateTime(instant: Date, seconds = true): string {
  const market = new Date(instant.getTime() + MARKET_OFFSET_MS);
  const text =
    String(market.getUTCFullYear()).padStart(4, '0') +
    pad2(market.getUTCMonth() + 1) +
    pad2(market.getUTCDate()) +
    pad2(market.getUTCHours()) +
    pad2(market.getUTCMinutes());
  return seconds ? text + pad2(market.getUTCSeconds()) : text;
}

function text(value: string | null | undefined, what: string): string {
  if (value === null || value === undefined) return '';
  if (!TEXT_PATTERN.test(value)) {
    throw new RangeError(`${what} must not contain a comma or a line break: ${value}`);
  }
  return value;
}

const reason = (code: number | null | undefined): string => {
  if (code === null || code === undefined) return '';
  if (!Number.isInteger(code) || code < 0 || code > 999) {
    throw new RangeError(`reason code out of 0-999: ${code}`);
  }
  return String(code);
};

/** Runs of equal flags as 400 records: 'AAEE' gives 1-2 A and 3-4 E. */
function* runs(quality: string): Generator<string> {
  let start = 0;
  for (let i = 1; i <= quality.length; i++) {
    if (i === quality.length || quality[i] !== quality[start]) {
      yield `400,${start + 1},${i},${quality[start]},,`;
      start = i;
    }
  }
}

function* dayLines(read: Nem12WriteRead, intervals: number, where: string): Generator<string> {
  if (!isMarketDate(read.date)) throw new RangeError(`${where}: date ${read.date} is not YYYY-MM-DD`);
  const values = read.values;
  if (values.length !== intervals) {
    throw new RangeError(`${where} ${read.date}: ${values.length} values, ${intervals} expected`);
  }
  let line = `300,${read.date.slice(0, 4)}${read.date.slice(5, 7)}${read.date.slice(8, 10)}`;
  for (let i = 0; i < intervals; i++) line += `,${formatMicro(values[i] as number)}`;

  const update = read.updateTime ? formatNem12DateTime(read.updateTime) : '';
  const msats = read.msatsLoadTime ? formatNem12DateTime(read.msatsLoadTime) : '';
  const trailer = (method: string) =>
    method === 'V'
      ? `${line},V,,,${update},${msats}`
      : `${line},${method},${reason(read.reasonCode)},${text(read.reasonDescription, 'reason description')},${update},${msats}`;

  const events = read.events ?? [];
  if (events.length > 0) {
    const method = read.qualityMethod ?? 'V';
    if (!QUALITY_METHOD_PATTERN.test(method)) {
      throw new RangeError(`${where} ${read.date}: quality method ${method}`);
    }
    yield trailer(method);
    for (const event of events) {
      yield `400,${event.startInterval},${event.endInterval},${event.qualityMethod},${reason(event.reasonCode)},${text(event.reasonDescription, 'reason description')}`;
    }
    return;
  }
  const quality = read.quality ?? read.qualityMethod?.charAt(0) ?? 'A';
  if (!FLAGS.test(quality) || (quality.length !== 1 && quality.length !== intervals)) {
    throw new RangeError(
      `${where} ${read.date}: quality must be one flag or ${intervals} flags of A, E, F, N, S`,
    );
  }
  const flag = quality.charAt(0);
  const varies = quality.length > 1 && quality !== flag.repeat(intervals);
  const method = read.qualityMethod ?? (varies ? 'V' : flag);
  if (!QUALITY_METHOD_PATTERN.test(method)) {
    throw new RangeError(`${where} ${read.date}: quality method ${method}`);
  }
  if (method !== 'V' && (varies || method.charAt(0) !== flag)) {
    throw new RangeError(
      `${where} ${read.date}: quality method ${method} does not match the quality ${quality}`,
    );
  }
  yield trailer(method);
  if (method === 'V') yield* runs(quality.length === 1 ? quality.repeat(intervals) : quality);
}

/** The lines of a NEM12 file, without line endings, generated as they are pulled. */
export function* nem12Lines(input: Nem12WriteInput): Generator<string, void, undefined> {
  const createdAt = formatNem12DateTime(input.createdAt ?? new Date(), false);
  yield `100,NEM12,${createdAt},${text(input.participant, 'participant')},${text(input.toParticipant, 'participant')}`;
  for (const channel of input.channels) {
    const where = `${channel.nmi} ${channel.suffix}`;
    if (!NMI_PATTERN.test(channel.nmi)) {
      throw new RangeError(`NMI ${channel.nmi} is not 1 to 10 letters or digits`);
    }
    if (!SUFFIX_PATTERN.test(channel.suffix)) {
      throw new RangeError(`${where}: suffix is not 2 letters or digits`);
    }
    if (![5, 10, 15, 30].includes(channel.intervalMinutes)) {
      throw new RangeError(`${where}: interval length ${channel.intervalMinutes} is not 5, 10, 15 or 30`);
    }
    const intervals = 1440 / channel.intervalMinutes;
    yield [
      '200',
      channel.nmi,
      text(channel.nmiConfiguration ?? channel.suffix, 'NMI configuration'),
      text(channel.registerId, 'register id'),
      channel.suffix,
      text(channel.mdmDataStreamId, 'MDM data stream id'),
      text(channel.meterSerial, 'meter serial'),
      channel.uom ?? 'kWh',
      String(channel.intervalMinutes),
      '',
    ].join(',');
    for (const read of channel.reads) yield* dayLines(read, intervals, where);
  }
  yield '900';
}

/**
 * A NEM12 file as text chunks of whole lines with their endings (LF unless input.lineEnding says CRLF), for
 * Readable.from() or a write loop.
 */
export function* writeNem12(input: Nem12WriteInput): Generator<string, void, undefined> {
  const ending = input.lineEnding ?? '\n';
  let chunk = '';
  for (const line of nem12Lines(input)) {
    chunk += line + ending;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk.length > 0) yield chunk;
}
