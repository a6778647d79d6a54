/**
 * A deterministic model of household and small-business electricity use, for the demo accounts and the
 * benchmark data sets. Every day's numbers come from (profile seed, date) alone, so generating an overlapping
 * range again gives the same values: re-seeding the demo is idempotent. Shapes: morning and evening peaks,
 * weekends at home, heating in winter and cooling in summer (southern hemisphere), rooftop solar with cloudy
 * days, an occasional estimated day.
 */
import { dayOfWeek, toUtcDate } from '@portal/contracts';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface UsageProfile {
  seed: number;
  segment: 'residential' | 'sme';
  /** Scales the whole load (1 = an average 3-person home, about 15 kWh a day). */
  size: number;
  /**
   * From this market date on, the load is scaled by `size` here instead (a household that started working
   * from home uses more than it did a year before). The days before it are modelled as without it.
   */
  sizeFrom?: { date: string; size: number };
  /** Rooftop solar capacity in kW (0 for none). */
  solarKw: number;
  /** A separately metered hot-water circuit (suffix E2), heating overnight. */
  controlledLoad: boolean;
  /**
   * Reduce & Reward events the household responded to: during the window its load (not its solar) is
   * scaled by 1 - reduction (a negative reduction: it used more than usual).
   */
  eventResponses?: readonly EventResponse[];
}

export interface EventResponse {
  date: string;
  /** Minutes after AEST midnight. */
  startMinute: number;
  endMinute: number;
  reduction: number;
}

export interface ModelledDay {
  /** Consumption from the grid per interval, micro-kWh. */
  imported: number[];
  /** Solar sent to the grid per interval, micro-kWh (present when the profile has solar). */
  exported?: number[];
  /** Controlled-load consumption per interval, micro-kWh. */
  controlledLoad?: number[];
  /** 'A' (actual) or, on about 1 day in 50, 'E' (estimated by the meter data provider). */
  quality: 'A' | 'E';
}

/** 32-bit FNV-1a of the text: independent streams per profile and date. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const dayOfYear = (date: string) => {
  const utc = toUtcDate(date);
  return Math.floor((utc.getTime() - Date.UTC(utc.getUTCFullYear(), 0, 1)) / 86_400_000);
};

/** Daily mean temperature (°C) of a temperate Australian city: warmest mid-January. */
function temperature(date: string, noise: number): number {
  return 17 + 7.5 * Math.cos((2 * Math.PI * (dayOfYear(date) - 15)) / 365) + noise;
}

const bump = (hour: number, centre: number, width: number) => Math.exp(-(((hour - centre) / width) ** 2));

function residentialKw(hour: number, weekend: boolean, temp: number): number {
  let kw = 0.28; // fridge, standby
  kw += weekend ? 0.9 * bump(hour, 9.5, 2.2) + 0.6 * bump(hour, 13, 3) : 0.75 * bump(hour, 7.5, 1.2);
  kw += 1.5 * bump(hour, 19, 2.2);
  const heating = Math.max(0, 15 - temp) * 0.11;
  kw += heating * (bump(hour, 7, 2) + bump(hour, 20, 3));
  const cooling = Math.max(0, temp - 22) * 0.22;
  kw += cooling * bump(hour, 17, 3.5);
  return kw;
}

function businessKw(hour: number, weekend: boolean, temp: number): number {
  let kw = 0.9; // servers, refrigeration, lighting on timers
  if (!weekend) kw += 4.2 * (hour >= 7.5 && hour < 18 ? 1 : 0) * (0.8 + 0.2 * bump(hour, 12, 4));
  else kw += 0.8 * bump(hour, 11, 3);
  const hvac = Math.max(0, temp - 21) * 0.45 + Math.max(0, 16 - temp) * 0.35;
  if (!weekend && hour >= 7 && hour < 18) kw += hvac;
  return kw;
}

/** Solar output as a fraction of capacity: daylight curve, longer and higher in summer. */
function solarFraction(hour: number, date: string, cloud: number): number {
  const season = Math.cos((2 * Math.PI * (dayOfYear(date) - 355)) / 365); // 1 at the December solstice
  const halfDay = 6.2 + 1.3 * season;
  const fromNoon = Math.abs(hour - 12.25);
  if (fromNoon >= halfDay) return 0;
  return (0.62 + 0.18 * season) * Math.cos((fromNoon / halfDay) * (Math.PI / 2)) * cloud;
}

/** Rounds kWh to whole watt-hours, in micro-kWh. */
const toMicro = (kwh: number) => Math.max(0, Math.round(kwh * 1000)) * 1000;

export function modelDay(
  profile: UsageProfile,
  date: string,
  intervalMinutes: 5 | 15 | 30 = 30,
): ModelledDay {
  const rng = xoroshiro128plus(hash(`${profile.seed}:${date}`));
  const random = () => uniformFloat64(rng);
  const weekend = dayOfWeek(date) >= 5;
  const temp = temperature(date, (random() - 0.5) * 6);
  const cloud = 0.25 + 0.75 * random() ** 0.6;
  const dayScale = 0.85 + 0.3 * random();
  const count = 1440 / intervalMinutes;
  const hours = intervalMinutes / 60;
  const imported: number[] = new Array(count);
  const exported: number[] | undefined = profile.solarKw > 0 ? new Array(count) : undefined;
  const controlled: number[] | undefined = profile.controlledLoad ? new Array(count) : undefined;

  const size = profile.sizeFrom && date >= profile.sizeFrom.date ? profile.sizeFrom.size : profile.size;
  const responses = profile.eventResponses?.filter((response) => response.date === date) ?? [];
  for (let i = 0; i < count; i++) {
    const hour = (i + 0.5) * hours;
    const shape =
      profile.segment === 'sme' ? businessKw(hour, weekend, temp) : residentialKw(hour, weekend, temp);
    const minute = i * intervalMinutes;
    const response = responses.find((r) => minute >= r.startMinute && minute < r.endMinute);
    const loadKw = shape * size * dayScale * (0.88 + 0.24 * random()) * (1 - (response?.reduction ?? 0));
    const solarKw = profile.solarKw * solarFraction(hour, date, cloud) * (0.95 + 0.1 * random());
    imported[i] = toMicro(Math.max(0, loadKw - solarKw) * hours);
    if (exported) exported[i] = toMicro(Math.max(0, solarKw - loadKw) * hours);
    if (controlled) {
      // Off-peak hot water: heats from 23:00 to 05:00, longer in winter.
      const on = hour >= 23 || hour < 4 + Math.max(0, 16 - temp) * 0.1;
      controlled[i] = on ? toMicro(3.6 * (0.35 + 0.25 * random()) * hours) : 0;
    }
  }
  return {
    imported,
    ...(exported ? { exported } : {}),
    ...(controlled ? { controlledLoad: controlled } : {}),
    quality: random() < 0.02 ? 'E' : 'A',
  };
}
