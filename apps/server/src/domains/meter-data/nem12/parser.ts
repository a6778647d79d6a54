/**
 * Streaming parser of AEMO NEM12 interval meter data (MDFF specification; docs/meter-data.md). It reads one line at
 * a time and hands out one day read per 300 record as soon as the records after it (400 interval events) are
 * known, so that an importer can write batches inside one transaction per file and never hold the file.
 *
 * What is accepted beyond the letter of the specification, because the sample files (the acceptance test,
 * apps/server/test/fixtures/nem12/README.md) or real producers need it: a missing 100 header (warning), blank lines, more
 * blocks after a 900 record, short rows whose trailing optional fields are missing, any case of units, a 200
 * record without a unit (kept as 'other', warning), 10-minute intervals, NMIs of 1 to 10 characters, 400
 * records after a 300 whose quality is not V (applied over the 300's quality), and a 300 record without any
 * interval values (skipped, warning). Anything else that is not NEM12 is a structural error (Nem12Error).
 *
 * The lenient option relaxes one rule more, on the operator's explicit request (docs/meter-data.md): a 300
 * record of quality V with no 400 records after it (some distributors' customer downloads drop them) is read
 * with its quality unknown, stored as V for every interval, and a warning.
 */
import { MARKET_YEAR_MAX, MARKET_YEAR_MIN, marketInstant } from '@portal/contracts';
import {
  type Nem12DayRead,
  Nem12Error,
  type Nem12Event,
  type Nem12Header,
  type Nem12Kind,
  type Nem12Summary,
  type Nem12Warning,
} from './types.ts';
import { MALFORMED, normaliseUnit, scaledDecimal, TOO_LARGE, TOO_PRECISE } from './units.ts';

export interface Nem12ParseOptions {
  /** Named in error messages (`file:line: reason`). */
  fileName?: string;
  /** Called with each warning when it is found, in line order, before the reads that follow it. */
  onWarning?: (warning: Nem12Warning) => void;
  /**
   * Read a 300 record of quality V without 400 records (refused by default) with every interval's quality
   * unknown: UNKNOWN_QUALITY, one warning per record.
   */
  lenient?: boolean;
}

/**
 * The quality flag of an interval whose quality the file does not give (lenient reads only): V, the standard's
 * own letter for "see the 400 records", kept when they are missing. Not A, so counted as estimated; not N, so
 * the values count as usage.
 */
export const UNKNOWN_QUALITY = 'V';

/** Interval lengths a 200 record may give. 10 is not in the current specification but a sample uses it. */
const INTERVAL_LENGTHS: ReadonlySet<number> = new Set([5, 10, 15, 30]);
/** Interval lengths of energy channels (docs/meter-data.md): the spend engine prices these only. */
const ENERGY_INTERVAL_LENGTHS: ReadonlySet<number> = new Set([5, 15, 30]);
const MINUTES_PER_DAY = 1440;
const NMI_PATTERN = /^[A-Za-z0-9]{1,10}$/;
const SUFFIX_PATTERN = /^[A-Za-z0-9]{2}$/;
/** Quality flag and optional two-digit method, e.g. A, E52, F14, S14, N, V. */
const QUALITY_METHOD_PATTERN = /^[AEFNSV][0-9]{0,2}$/i;
const REASON_CODE_PATTERN = /^[0-9]{1,3}$/;
const INTERVAL_NUMBER_PATTERN = /^[0-9]{1,4}$/;
/** Fields a 300 record may carry after its values: QualityMethod, ReasonCode, ReasonDescription, UpdateDateTime, MSATSLoadDateTime. */
const TRAILER_FIELDS = 5;

/** A 200 record: the fields each of its day reads carries, and what reading its 300 records takes. */
interface Channel
  extends Pick<
    Nem12DayRead,
    | 'nmi'
    | 'suffix'
    | 'nmiConfiguration'
    | 'registerId'
    | 'mdmDataStreamId'
    | 'meterSerial'
    | 'uom'
    | 'unit'
    | 'kind'
    | 'intervalMinutes'
  > {
  decimals: number;
  intervals: number;
  line: number;
}

/** A 300 record whose 400 records may still follow. */
interface Pending {
  read: Nem12DayRead;
  /** Quality flag of the 300 record: the first letter of its QualityMethod. */
  flag: string;
  /** Line of each event, for overlap messages. */
  eventLines: number[];
}

const describe = (text: string) => (text.length > 24 ? `'${text.slice(0, 24)}...'` : `'${text}'`);

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Digits of text[start, start + count) as a number, or -1 when one is not a digit. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** A NEM12 Date(8) 'YYYYMMDD' as a market date 'YYYY-MM-DD', or undefined when it is not a real date. */
export function parseNem12Date(text: string): string | undefined {
  if (text.length !== 8) return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 4, 2);
  const day = digitsAt(text, 6, 2);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/**
 * A NEM12 DateTime(14) 'YYYYMMDDhhmmss' in market time (AEST) as an instant, or undefined when invalid.
 * DateTime(12) 'YYYYMMDDhhmm' is accepted too: the header uses it, and some producers write update times so.
 */
export function parseNem12DateTime(text: string): Date | undefined {
  if (text.length !== 12 && text.length !== 14) return undefined;
  const date = parseNem12Date(text.slice(0, 8));
  const hours = digitsAt(text, 8, 2);
  const minutes = digitsAt(text, 10, 2);
  const seconds = text.length === 14 ? digitsAt(text, 12, 2) : 0;
  if (
    date === undefined ||
    hours < 0 ||
    hours > 23 ||
    minutes < 0 ||
    minutes > 59 ||
    seconds < 0 ||
    seconds > 59
  ) {
    return undefined;
  }
  return new Date(marketInstant(date, hours * 60 + minutes).getTime() + seconds * 1000);
}

function kindOf(suffix: string, unit: string): Nem12Kind {
  if (unit !== 'kWh') return 'other';
  const first = suffix.charCodeAt(0) | 0x20; // lower case
  return first === 101 ? 'import' : first === 98 ? 'export' : 'other';
}

/**
 * The synchronous core: feed it lines in order, take the reads it completes, and call finish() at the end.
 * The generators below wrap it for streams.
 */
export class Nem12Parser {
  readonly warnings: Nem12Warning[] = [];
  private readonly fileName: string | undefined;
  private readonly onWarning: ((warning: Nem12Warning) => void) | undefined;
  private readonly lenient: boolean;
  private line = 0;
  private records = 0;
  private lastRecordLine = 0;
  private header: Nem12Header | null = null;
  /** 'start' before any record, 'block' inside a 100/200...900 block, 'ended' after a 900. */
  private state: 'start' | 'block' | 'ended' = 'start';
  private channel: Channel | null = null;
  private pending: Pending | null = null;
  /** 400 records after a skipped 300 record belong to it and are skipped with it. */
  private skippingEvents = false;
  private reads = 0;
  private skipped = 0;
  private readonly qualityCache = new Map<string, string>();

  constructor(options: Nem12ParseOptions = {}) {
    this.fileName = options.fileName;
    this.onWarning = options.onWarning;
    this.lenient = options.lenient ?? false;
  }

  /** Takes the next line; returns the read of the previous 300 record once this line shows it is complete. */
  feed(text: string): Nem12DayRead | undefined {
    const line = ++this.line;
    // The hot path: a 300 record written as NEM12 files are, without padding.
    if (
      text.charCodeAt(0) === 51 &&
      text.charCodeAt(1) === 48 &&
      text.charCodeAt(2) === 48 &&
      text.charCodeAt(3) === 44 &&
      this.state === 'block'
    ) {
      this.records++;
      this.lastRecordLine = line;
      const done = this.complete();
      this.interval(text, 4, line);
      return done;
    }
    const comma = text.indexOf(',');
    const type = (comma < 0 ? text : text.slice(0, comma)).trim();
    if (type.length === 0 && comma < 0) return undefined; // a blank line
    this.lastRecordLine = line;
    if (this.records++ === 0 && type !== '100') {
      this.warn(line, 'the file has no 100 header record; reading it as NEM12');
    }
    switch (type) {
      case '100':
        return this.headerRecord(text, line);
      case '200': {
        const done = this.complete();
        this.details(text, line);
        return done;
      }
      case '300': {
        if (this.channel === null) throw this.error(line, '300 record before any 200 record');
        const done = this.complete();
        this.interval(text, comma < 0 ? text.length : comma + 1, line);
        return done;
      }
      case '400':
        this.event(text, line);
        return undefined;
      case '500': // B2B details: nothing we store
        return undefined;
      case '900': {
        const done = this.complete();
        this.channel = null;
        this.skippingEvents = false;
        this.state = 'ended';
        return done;
      }
      default:
        throw this.error(
          line,
          `unknown record indicator ${describe(type)}: expected 100, 200, 300, 400, 500 or 900`,
        );
    }
  }

  /** Ends the input: returns the last read, if any, or throws when the file held no record at all. */
  finish(): Nem12DayRead | undefined {
    if (this.records === 0) throw this.error(1, 'empty file');
    const done = this.complete();
    if (this.state !== 'ended') {
      this.warn(this.lastRecordLine, 'the file does not end with a 900 record; it may be truncated');
    }
    return done;
  }

  summary(): Nem12Summary {
    return {
      header: this.header,
      warnings: this.warnings,
      reads: this.reads,
      skipped: this.skipped,
      lines: this.line,
    };
  }

  /** The error with this parser's file name, for errors raised outside it (e.g. by the line splitter). */
  named(error: Nem12Error): Nem12Error {
    return error.fileName === undefined && this.fileName !== undefined
      ? new Nem12Error(error.line, error.reason, this.fileName)
      : error;
  }

  private error(line: number, reason: string): Nem12Error {
    return new Nem12Error(line, reason, this.fileName);
  }

  private warn(line: number, message: string): void {
    const warning = { line, message };
    this.warnings.push(warning);
    this.onWarning?.(warning);
  }

  private headerRecord(text: string, line: number): undefined {
    if (this.state === 'block') {
      throw this.error(
        line,
        'a 100 header record must be the first record of the file or follow a 900 record',
      );
    }
    const fields = text.split(',').map((field) => field.trim());
    const version = fields[1] ?? '';
    if (version.toUpperCase() !== 'NEM12') {
      throw this.error(
        line,
        `the 100 header names ${describe(version)}, not NEM12: only NEM12 files are accepted`,
      );
    }
    const created = fields[2] ?? '';
    const createdAt = created === '' ? null : (parseNem12DateTime(created) ?? null);
    if (created !== '' && createdAt === null) {
      this.warn(line, `the 100 header's creation time ${describe(created)} is not a DateTime(12); ignored`);
    }
    this.header ??= {
      version: 'NEM12',
      createdAt,
      fromParticipant: fields[3] ?? '',
      toParticipant: fields[4] ?? '',
      line,
    };
    this.state = 'block';
    this.channel = null;
    return undefined;
  }

  private details(text: string, line: number): void {
    const fields = text.split(',').map((field) => field.trim());
    if (fields.length < 9) {
      throw this.error(
        line,
        `200 record has ${fields.length} fields; it needs at least 9, up to IntervalLength`,
      );
    }
    const [, nmi = '', nmiConfiguration = '', registerId = '', suffix = '', mdmDataStreamId = ''] = fields;
    const meterSerial = fields[6] ?? '';
    const uom = fields[7] ?? '';
    const length = fields[8] ?? '';
    if (!NMI_PATTERN.test(nmi)) {
      throw this.error(line, `200 record NMI ${describe(nmi)} is not 1 to 10 letters or digits`);
    }
    if (!SUFFIX_PATTERN.test(suffix)) {
      throw this.error(line, `200 record NMISuffix ${describe(suffix)} is not 2 letters or digits`);
    }
    const intervalMinutes = /^[0-9]{1,2}$/.test(length) ? Number(length) : Number.NaN;
    if (!INTERVAL_LENGTHS.has(intervalMinutes)) {
      throw this.error(line, `200 record IntervalLength ${describe(length)} is not 5, 10, 15 or 30 minutes`);
    }
    let scale = normaliseUnit(uom);
    if (uom === '') {
      // A sample writes a voltage channel without its unit: keep the values as written, out of spend.
      this.warn(
        line,
        `200 record for ${nmi} ${suffix} has no unit of measure; its reads are kept as 'other'`,
      );
      scale = { unit: '', decimals: 6 };
    } else if (scale === undefined) {
      throw this.error(line, `200 record unit of measure ${describe(uom)} is not one NEM12 defines`);
    }
    const kind = kindOf(suffix, scale.unit);
    if (kind !== 'other' && !ENERGY_INTERVAL_LENGTHS.has(intervalMinutes)) {
      throw this.error(
        line,
        `200 record IntervalLength ${describe(length)} is not 5, 15 or 30 minutes, as an energy channel needs`,
      );
    }
    this.channel = {
      nmi,
      suffix,
      nmiConfiguration,
      registerId,
      mdmDataStreamId,
      meterSerial,
      uom,
      unit: scale.unit,
      decimals: scale.decimals,
      kind,
      intervalMinutes,
      intervals: MINUTES_PER_DAY / intervalMinutes,
      line,
    };
    this.state = 'block';
    this.skippingEvents = false;
  }

  /** A 300 record from `start`, the first character after '300,'. The previous pending read is complete. */
  private interval(text: string, start: number, line: number): void {
    const channel = this.channel;
    if (channel === null) throw this.error(line, '300 record before any 200 record');
    this.skippingEvents = false;
    const length = text.length;
    const n = channel.intervals;
    const decimals = channel.decimals;
    let comma = text.indexOf(',', start);
    const dateText = text.slice(start, comma < 0 ? length : comma).trim();
    const date = parseNem12Date(dateText);
    if (date === undefined) {
      throw this.error(line, `300 record IntervalDate ${describe(dateText)} is not a YYYYMMDD date`);
    }
    const year = Number(date.slice(0, 4));
    if (year < MARKET_YEAR_MIN || year > MARKET_YEAR_MAX) {
      throw this.error(
        line,
        `300 record IntervalDate ${describe(dateText)} is outside the years ${MARKET_YEAR_MIN} to ${MARKET_YEAR_MAX}`,
      );
    }
    if (comma < 0) {
      this.skip(line, date);
      return;
    }
    let pos = comma + 1;
    const values = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      comma = text.indexOf(',', pos);
      const end = comma < 0 ? length : comma;
      const value = scaledDecimal(text, pos, end, decimals);
      if (value < 0) {
        if (this.badValue(text, pos, end, value, i, line, channel)) {
          this.skip(line, date);
          return;
        }
      }
      values[i] = value;
      if (comma < 0) {
        if (i + 1 < n) throw this.countError(line, i + 1, channel);
        throw this.error(line, '300 record has no QualityMethod after its interval values');
      }
      pos = comma + 1;
    }
    const trailer = text.slice(pos).split(',');
    const qualityMethod = (trailer[0] ?? '').trim().toUpperCase();
    if (scaledDecimal(qualityMethod, 0, qualityMethod.length, 0) !== MALFORMED) {
      let extra = 0;
      while (
        extra < trailer.length &&
        scaledDecimal(trailer[extra] ?? '', 0, (trailer[extra] ?? '').length, 0) !== MALFORMED
      ) {
        extra++;
      }
      throw this.countError(line, n + extra, channel);
    }
    if (!QUALITY_METHOD_PATTERN.test(qualityMethod)) {
      throw this.error(
        line,
        qualityMethod === ''
          ? '300 record has no QualityMethod after its interval values'
          : `300 record QualityMethod ${describe(qualityMethod)} is not a quality flag (A, E, F, N, S or V) with an optional method`,
      );
    }
    for (let i = TRAILER_FIELDS; i < trailer.length; i++) {
      if ((trailer[i] ?? '').trim() !== '') {
        throw this.error(
          line,
          `300 record has an unexpected field ${describe((trailer[i] ?? '').trim())} after MSATSLoadDateTime`,
        );
      }
    }
    const read: Nem12DayRead = {
      nmi: channel.nmi,
      suffix: channel.suffix,
      nmiConfiguration: channel.nmiConfiguration,
      registerId: channel.registerId,
      mdmDataStreamId: channel.mdmDataStreamId,
      meterSerial: channel.meterSerial,
      uom: channel.uom,
      unit: channel.unit,
      kind: channel.kind,
      intervalMinutes: channel.intervalMinutes,
      date,
      values,
      quality: '',
      qualityMethod,
      reasonCode: this.reasonCode(trailer[1], line, '300'),
      reasonDescription: (trailer[2] ?? '').trim() || null,
      events: [],
      updateTime: this.dateTime(trailer[3], line, 'UpdateDateTime'),
      msatsLoadTime: this.dateTime(trailer[4], line, 'MSATSLoadDateTime'),
      line,
    };
    this.pending = { read, flag: qualityMethod.charAt(0), eventLines: [] };
  }

  /**
   * Explains a value that is not an exact decimal: throws, or returns true when the 300 record has no values
   * at all (its QualityMethod comes right after the date), which is skipped with a warning.
   */
  private badValue(
    text: string,
    start: number,
    end: number,
    code: number,
    index: number,
    line: number,
    channel: Channel,
  ): boolean {
    const field = text.slice(start, end).trim();
    if (code === MALFORMED && QUALITY_METHOD_PATTERN.test(field)) {
      let remaining = 1;
      for (let i = end; i < text.length; i++) if (text.charCodeAt(i) === 44) remaining++;
      // Within the trailer's width the letters are the QualityMethod, so values are missing, not malformed.
      if (remaining <= TRAILER_FIELDS) {
        if (index === 0) return true;
        throw this.countError(line, index, channel);
      }
    }
    const which = `interval value ${index + 1} ${describe(field)}`;
    if (code === TOO_PRECISE) {
      throw this.error(
        line,
        `${which} has more decimals than micro-${channel.unit || 'units'} can hold exactly (${channel.uom} to ${channel.decimals} decimals)`,
      );
    }
    if (code === TOO_LARGE) throw this.error(line, `${which} is too large`);
    if (field.startsWith('-')) throw this.error(line, `${which} is negative`);
    if (field === '') throw this.error(line, `interval value ${index + 1} is empty`);
    throw this.error(line, `${which} is not a number`);
  }

  private countError(line: number, count: number, channel: Channel): Nem12Error {
    return this.error(
      line,
      `300 record has ${count} interval values, but the ${channel.intervalMinutes}-minute interval length of the 200 record on line ${channel.line} needs ${channel.intervals}`,
    );
  }

  private skip(line: number, date: string): void {
    this.skipped++;
    this.skippingEvents = true;
    this.warn(line, `300 record for ${date} has no interval values; skipped`);
  }

  private reasonCode(field: string | undefined, line: number, record: string): number | null {
    const text = (field ?? '').trim();
    if (text === '') return null;
    if (!REASON_CODE_PATTERN.test(text)) {
      throw this.error(line, `${record} record ReasonCode ${describe(text)} is not a number`);
    }
    return Number(text);
  }

  private dateTime(field: string | undefined, line: number, name: string): Date | null {
    const text = (field ?? '').trim();
    if (text === '') return null;
    const instant = parseNem12DateTime(text);
    if (instant === undefined) {
      throw this.error(line, `300 record ${name} ${describe(text)} is not a YYYYMMDDhhmmss time`);
    }
    return instant;
  }

  private event(text: string, line: number): void {
    const pending = this.pending;
    if (pending === null) {
      if (this.skippingEvents) return;
      throw this.error(line, '400 record without a 300 record before it');
    }
    const n = pending.read.values.length;
    const fields = text.split(',').map((field) => field.trim());
    const [, startText = '', endText = '', method = ''] = fields;
    if (!INTERVAL_NUMBER_PATTERN.test(startText) || !INTERVAL_NUMBER_PATTERN.test(endText)) {
      throw this.error(
        line,
        `400 record interval range ${describe(`${startText}-${endText}`)} is not two numbers`,
      );
    }
    const startInterval = Number(startText);
    const endInterval = Number(endText);
    if (startInterval < 1 || endInterval < startInterval || endInterval > n) {
      throw this.error(
        line,
        `400 record intervals ${startInterval}-${endInterval} are outside 1-${n} of its 300 record on line ${pending.read.line}`,
      );
    }
    const qualityMethod = method.toUpperCase();
    if (!QUALITY_METHOD_PATTERN.test(qualityMethod) || qualityMethod.startsWith('V')) {
      throw this.error(
        line,
        `400 record QualityMethod ${describe(method)} is not a quality flag (A, E, F, N or S) with an optional method`,
      );
    }
    const events = pending.read.events;
    for (let i = 0; i < events.length; i++) {
      const other = events[i] as Nem12Event;
      if (startInterval <= other.endInterval && other.startInterval <= endInterval) {
        throw this.error(
          line,
          `400 record intervals ${startInterval}-${endInterval} overlap intervals ${other.startInterval}-${other.endInterval} of the 400 record on line ${pending.eventLines[i]}`,
        );
      }
    }
    events.push({
      startInterval,
      endInterval,
      qualityMethod,
      reasonCode: this.reasonCode(fields[4], line, '400'),
      reasonDescription: fields[5] || null,
    });
    pending.eventLines.push(line);
  }

  /** Resolves the quality of the pending read, which no further 400 record can change, and hands it out. */
  private complete(): Nem12DayRead | undefined {
    const pending = this.pending;
    if (pending === null) return undefined;
    this.pending = null;
    const { read, flag } = pending;
    const n = read.values.length;
    const events = read.events;
    if (events.length === 0 && flag === 'V') {
      if (!this.lenient) {
        throw this.error(
          read.line,
          '300 record has quality V but no 400 records follow to give the quality of its intervals (--lenient imports such days with their quality unknown)',
        );
      }
      this.warn(
        read.line,
        `300 record for ${read.nmi} ${read.suffix} ${read.date} has quality V but no 400 records; imported with its quality unknown (lenient)`,
      );
      read.quality = this.uniform(UNKNOWN_QUALITY, n);
    } else if (events.length === 0) {
      read.quality = this.uniform(flag, n);
    } else {
      const flags = flag === 'V' ? new Array<string>(n).fill('') : Array.from(this.uniform(flag, n));
      let covered = 0;
      for (const event of events) {
        const eventFlag = event.qualityMethod.charAt(0);
        for (let i = event.startInterval - 1; i < event.endInterval; i++) flags[i] = eventFlag;
        covered += event.endInterval - event.startInterval + 1;
      }
      if (flag === 'V' && covered < n) {
        const first = pending.eventLines[0] ?? read.line;
        const last = pending.eventLines[pending.eventLines.length - 1] ?? read.line;
        const where = first === last ? `line ${first}` : `lines ${first}-${last}`;
        throw this.error(
          read.line,
          `300 record has quality V, but its 400 records (${where}) give the quality of ${covered} of its ${n} intervals (${uncovered(flags)} have none)`,
        );
      }
      read.quality = flags.join('');
    }
    this.reads++;
    return read;
  }

  private uniform(flag: string, n: number): string {
    const key = flag + n;
    let quality = this.qualityCache.get(key);
    if (quality === undefined) {
      quality = flag.repeat(n);
      this.qualityCache.set(key, quality);
    }
    return quality;
  }
}

/** The uncovered interval ranges of a quality array, e.g. '49-96' or '3, 7-9'. */
function uncovered(flags: string[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    if (flags[i] !== '') continue;
    let j = i;
    while (j + 1 < flags.length && flags[j + 1] === '') j++;
    ranges.push(i === j ? `${i + 1}` : `${i + 1}-${j + 1}`);
    i = j;
  }
  return ranges.join(', ');
}

/**
 * Parses NEM12 lines (for example linesOf(stream)) into one read per 300 record, lazily. Throws Nem12Error on
 * the first structural error; the reads handed out before it belong to the rejected file. Warnings go to
 * options.onWarning as they are found and, with counts, into the summary the generator returns.
 */
export async function* parseNem12(
  lines: AsyncIterable<string> | Iterable<string>,
  options: Nem12ParseOptions = {},
): AsyncGenerator<Nem12DayRead, Nem12Summary, undefined> {
  const parser = new Nem12Parser(options);
  try {
    for await (const line of lines) {
      const read = parser.feed(line);
      if (read !== undefined) yield read;
    }
    const last = parser.finish();
    if (last !== undefined) yield last;
  } catch (error) {
    throw error instanceof Nem12Error ? parser.named(error) : error;
  }
  return parser.summary();
}

/** parseNem12 for lines already in memory (tests, small files), without promises. */
export function* parseNem12Sync(
  lines: Iterable<string>,
  options: Nem12ParseOptions = {},
): Generator<Nem12DayRead, Nem12Summary, undefined> {
  const parser = new Nem12Parser(options);
  for (const line of lines) {
    const read = parser.feed(line);
    if (read !== undefined) yield read;
  }
  const last = parser.finish();
  if (last !== undefined) yield last;
  return parser.summary();
}

/** parseNem12 in batches of up to `batchSize` reads, for an importer that writes a batch per statement. */
export async function* parseNem12Batches(
  lines: AsyncIterable<string> | Iterable<string>,
  options: Nem12ParseOptions & { batchSize?: number } = {},
): AsyncGenerator<Nem12DayRead[], Nem12Summary, undefined> {
  const size = Math.max(1, options.batchSize ?? 1000);
  const reads = parseNem12(lines, options);
  let batch: Nem12DayRead[] = [];
  for (;;) {
    const next = await reads.next();
    if (next.done === true) {
      if (batch.length > 0) yield batch;
      return next.value;
    }
    batch.push(next.value);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
}
