/**
 * Writes modelled usage (usage-model.ts) as AEMO NEM12, so that the demo and the benchmarks load their meter
 * data through the real importer. Lazy: a benchmark file of hundreds of megabytes streams out line by line.
 */
import { addDays, eachDate, marketInstant } from '@portal/contracts';
import {
  type Nem12WriteChannel,
  type Nem12WriteRead,
  writeNem12,
} from '../domains/meter-data/nem12/index.ts';
import { type ModelledDay, modelDay, type UsageProfile } from './usage-model.ts';

export interface MeteredProfile {
  nmi: string;
  profile: UsageProfile;
  /** The meter's first date, when later than the file's: a meter that needs only recent days. */
  from?: string;
}

/** The meter data provider's update time: early the next morning, a fixed minute per NMI and date. */
function updateTimeOf(nmi: string, date: string, seed: number): Date {
  const minute = (seed * 31 + Number(date.replaceAll('-', '')) * 7 + nmi.length) % 120;
  return marketInstant(addDays(date, 1), 3 * 60 + minute);
}

function channelsOf(meter: MeteredProfile, dates: readonly string[]): Nem12WriteChannel[] {
  // The days of one meter are modelled once and shared by its channels (E1, B1, E2).
  const days = new Map<string, ModelledDay>();
  const day = (date: string) => {
    let modelled = days.get(date);
    if (!modelled) {
      modelled = modelDay(meter.profile, date);
      days.set(date, modelled);
    }
    return modelled;
  };
  const reads = (pick: (modelled: ModelledDay) => number[] | undefined): Iterable<Nem12WriteRead> => ({
    *[Symbol.iterator]() {
      for (const date of dates) {
        const modelled = day(date);
        const values = pick(modelled);
        if (!values) continue;
        yield {
          date,
          values,
          quality: modelled.quality,
          qualityMethod: modelled.quality === 'E' ? 'E52' : 'A',
          updateTime: updateTimeOf(meter.nmi, date, meter.profile.seed),
        };
      }
    },
  });
  const channel = (
    suffix: string,
    pick: (modelled: ModelledDay) => number[] | undefined,
  ): Nem12WriteChannel => ({
    nmi: meter.nmi,
    suffix,
    uom: 'kWh',
    intervalMinutes: 30,
    nmiConfiguration: 'E1B1E2'.slice(
      0,
      2 + (meter.profile.solarKw > 0 ? 2 : 0) + (meter.profile.controlledLoad ? 2 : 0),
    ),
    meterSerial: `M${meter.nmi.slice(-6)}`,
    reads: reads(pick),
  });
  const channels = [channel('E1', (modelled) => modelled.imported)];
  if (meter.profile.solarKw > 0) channels.push(channel('B1', (modelled) => modelled.exported));
  if (meter.profile.controlledLoad) channels.push(channel('E2', (modelled) => modelled.controlledLoad));
  return channels;
}

/** NEM12 text, in chunks, for the meters over the dates from `from` to `to` (both included). */
export function generateNem12(meters: readonly MeteredProfile[], from: string, to: string): Iterable<string> {
  const dates = eachDate(from, to);
  return writeNem12({
    participant: 'DEMOMDP',
    toParticipant: 'PORTAL',
    createdAt: marketInstant(addDays(to, 1), 5 * 60),
    channels: {
      *[Symbol.iterator]() {
        for (const meter of meters) {
          const { from: first } = meter;
          const own = first ? dates.filter((date) => date >= first) : dates;
          if (own.length > 0) yield* channelsOf(meter, own);
        }
      },
    },
  });
}

/** A varied profile for the n-th benchmark meter: sizes, some solar, some hot water, some businesses. */
export function benchmarkProfile(index: number): UsageProfile {
  return {
    seed: 1000 + index,
    segment: index % 10 === 9 ? 'sme' : 'residential',
    size: 0.6 + ((index * 37) % 100) / 100,
    solarKw: index % 3 === 0 ? 3 + (index % 5) * 1.5 : 0,
    controlledLoad: index % 4 === 1,
  };
}

/** Benchmark NMIs: 10 digits, distinct from the demo's. */
export const benchmarkNmi = (index: number) => `7${String(index).padStart(9, '0')}`;
