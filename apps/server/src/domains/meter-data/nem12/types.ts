/**
 * The shapes the NEM12 parser produces (docs/meter-data.md): one day read per 300 record, warnings with their line,
 * and the structural error that rejects a whole file.
 */

/** Import is consumption from the grid (E suffixes), export is generation sent to it (B suffixes). */
export type Nem12Kind = 'import' | 'export' | 'other';

/** One 400 record: the quality of an inclusive range of intervals (1-based) of its 300 record. */
export interface Nem12Event {
  startInterval: number;
  endInterval: number;
  qualityMethod: string;
  reasonCode: number | null;
  reasonDescription: string | null;
}

/** One NEM12 300 record, in the context of its 200 record. */
export interface Nem12DayRead {
  nmi: string;
  /** The 200 record's NMISuffix, e.g. E1, B1, Q1. */
  suffix: string;
  nmiConfiguration: string;
  registerId: string;
  mdmDataStreamId: string;
  meterSerial: string;
  /** The unit of measure as the file writes it, e.g. 'KWH' or 'Wh'. */
  uom: string;
  /** The normalised unit the values count micro-units of: 'kWh', 'kVArh', 'kVAh', 'kW', 'V'... or '' when the file gives none. */
  unit: string;
  /** 'other' unless the unit is kWh and the suffix starts with E (import) or B (export). */
  kind: Nem12Kind;
  intervalMinutes: number;
  /** Market (AEST) date, YYYY-MM-DD. */
  date: string;
  /** 1440 / intervalMinutes integers, in micro-units of `unit` (micro-kWh for energy): 1.111 kWh is 1_111_000. */
  values: number[];
  /**
   * One quality flag per interval (A, E, F, N or S), resolved through the 400 records when the 300 says V; V
   * (UNKNOWN_QUALITY) where a lenient parse found a V record without them.
   */
  quality: string;
  /** The 300 record's QualityMethod as written (upper case), e.g. 'A', 'S14', 'V'. */
  qualityMethod: string;
  reasonCode: number | null;
  reasonDescription: string | null;
  /** The 400 records that followed the 300 record, in file order (empty when there were none). */
  events: Nem12Event[];
  updateTime: Date | null;
  msatsLoadTime: Date | null;
  /** Line (1-based) of the 300 record. */
  line: number;
}

export interface Nem12Warning {
  line: number;
  message: string;
}

export interface Nem12Header {
  version: string;
  createdAt: Date | null;
  fromParticipant: string;
  toParticipant: string;
  line: number;
}

/** What a parse found beyond the reads; returned by the parse generators when they finish. */
export interface Nem12Summary {
  /** The first 100 header of the file, or null when it has none. */
  header: Nem12Header | null;
  warnings: Nem12Warning[];
  reads: number;
  /** 300 records skipped with a warning (no interval values). */
  skipped: number;
  lines: number;
}

/**
 * A structural error: the file is not NEM12 as we accept it and must be rejected whole. `line` is 1-based; the
 * message reads `file:line: reason` so that the importer can print it as it is.
 */
export class Nem12Error extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
    readonly fileName?: string,
  ) {
    super(`${fileName ?? 'NEM12'}:${line}: ${reason}`);
    this.name = 'Nem12Error';
  }
}
