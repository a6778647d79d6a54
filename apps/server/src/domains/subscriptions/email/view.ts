/**
 * What a snapshot says, as sentences and links (docs/email-snapshots.md): one view model that both the HTML and the plain
 * text components render, so the two parts of the email can never disagree.
 */
import {
  betterOfferLine,
  dayOfWeek,
  formatCurrency,
  formatDecimal,
  formatLongDate,
  formatMessage,
  MONTH_NAMES,
  moneyPartLabel,
  paths,
  planCopy,
  similarHomesCopy,
  snapshotCopy,
  WEEKDAY_NAMES,
} from '@portal/contracts';
import type { Config } from '../../../config.ts';
import type { LinkBuilder } from '../links.ts';
import type { SnapshotFigures } from '../snapshot-data.ts';

export interface SnapshotRetailer {
  name: string;
  phone: string;
  legalEntity: string;
}

/** The retailer as every email names it (brand, phone, legal entity), from the configuration. */
export const retailerOf = (config: Config): SnapshotRetailer => ({
  name: config.client.retailer.name,
  phone: config.client.retailer.phone,
  legalEntity: config.client.retailer.legalEntity,
});

/** The lines every email's footer ends with: the retailer's phone, the time zone the email speaks in, its legal name. */
export const footerLines = (retailer: SnapshotRetailer): string[] => [
  formatMessage(snapshotCopy.phone, { phone: retailer.phone }),
  snapshotCopy.aest,
  retailer.legalEntity,
];

export interface SnapshotLink {
  label: string;
  href: string;
}

export interface SnapshotView {
  subject: string;
  /** The inbox preview line. */
  preheader: string;
  brand: string;
  heading: string;
  total: string;
  totalNote: string;
  coverage: string | null;
  comparisons: string[];
  budget: { line: string; percent: number; over: boolean; result: string } | null;
  highestDay: string | null;
  solar: string | null;
  /** Where the money went, a line per part as Tracker names it, and what always-on means. */
  moneyParts: { title: string; lines: string[]; note: string | null } | null;
  /** Similar homes: the comparison, or the survey's invitation with its link. */
  similarHomes: { line: string; link: SnapshotLink | null } | null;
  forecast: { line: string; note: string } | null;
  /** A plan on offer that would have saved at least the configured amount a year (issue 17). */
  betterOffer: { title: string; line: string; link: SnapshotLink } | null;
  actions: SnapshotLink[];
  settings: { line: string; link: SnapshotLink };
  footer: string[];
}

const money = (value: number) => formatCurrency(value);
const monthName = (date: string) => `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const shortDate = (date: string) =>
  `${Number(date.slice(8, 10))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]}`;

/** 'Monday 16 to Sunday 22 November 2026' (or across months and years, each part named once needed). */
export function weekRange(start: string, end: string): string {
  const startDay = `${WEEKDAY_NAMES[dayOfWeek(start)]} ${Number(start.slice(8, 10))}`;
  const sameMonth = start.slice(0, 7) === end.slice(0, 7);
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const from = sameMonth
    ? startDay
    : `${startDay} ${MONTH_NAMES[Number(start.slice(5, 7)) - 1]}${sameYear ? '' : ` ${start.slice(0, 4)}`}`;
  return `${from} to ${formatLongDate(end)}`;
}

function comparisonWith(figures: SnapshotFigures): string | null {
  if (figures.average === null || figures.average <= 0 || figures.averageOver === 0) return null;
  const weekly = figures.frequency === 'weekly';
  const unit =
    figures.averageOver === 1
      ? weekly
        ? snapshotCopy.week
        : snapshotCopy.month
      : `${figures.averageOver} ${weekly ? snapshotCopy.weeks : snapshotCopy.months}`;
  const values = {
    average: money(figures.average),
    count: unit,
    percent: Math.round(Math.abs(figures.totalSpend / figures.average - 1) * 100),
  };
  if (figures.trend === 'up') return formatMessage(snapshotCopy.averageHigher, values);
  if (figures.trend === 'down') return formatMessage(snapshotCopy.averageLower, values);
  return formatMessage(snapshotCopy.averageSame, values);
}

export function snapshotView(input: {
  figures: SnapshotFigures;
  retailer: SnapshotRetailer;
  publicId: string;
  links: LinkBuilder;
  happyHoursParticipant: boolean;
  /** The comparison's better offer (GET /api/tracker/plans), null without one. */
  betterOffer?: { name: string; yearly_saving: number } | null;
}): SnapshotView {
  const { figures, retailer, publicId, links } = input;
  const weekly = figures.frequency === 'weekly';
  const { start, end } = figures.period;
  const range = weekRange(start, end);
  const month = monthName(start);
  const total = money(figures.totalSpend);

  const comparisons = [comparisonWith(figures)].filter((line): line is string => line !== null);
  if (figures.lastYear !== null) {
    comparisons.push(
      weekly
        ? formatMessage(snapshotCopy.lastYearWeekly, { amount: money(figures.lastYear) })
        : formatMessage(snapshotCopy.lastYearMonthly, {
            month: MONTH_NAMES[Number(start.slice(5, 7)) - 1] as string,
            amount: money(figures.lastYear),
          }),
    );
  }

  const budget = figures.budget
    ? {
        line: formatMessage(weekly ? snapshotCopy.budgetProgressWeekly : snapshotCopy.budgetProgressMonthly, {
          percent: Math.round(figures.budget.share * 100),
          budget: money(figures.budget.forPeriod),
          weekly: money(figures.budget.weekly),
        }),
        percent: Math.round(figures.budget.share * 100),
        over: figures.budget.overBy !== null,
        result:
          figures.budget.overBy !== null
            ? formatMessage(snapshotCopy.budgetOver, { amount: money(figures.budget.overBy) })
            : formatMessage(snapshotCopy.budgetUnder, {
                amount: money(Math.round((figures.budget.forPeriod - figures.totalSpend) * 100) / 100),
              }),
      }
    : null;

  const forecast = figures.forecast
    ? {
        line:
          figures.forecast.projected_total !== null
            ? formatMessage(snapshotCopy.forecast, {
                from: shortDate(figures.forecast.quarter_start),
                to: shortDate(figures.forecast.quarter_end),
                projected: money(figures.forecast.projected_total),
                spent: money(figures.forecast.spend_to_date),
              })
            : formatMessage(snapshotCopy.forecastToDate, {
                from: shortDate(figures.forecast.quarter_start),
                to: shortDate(figures.forecast.quarter_end),
                spent: money(figures.forecast.spend_to_date),
              }),
        note: snapshotCopy.forecastNote,
      }
    : null;

  const moneyParts = figures.moneyParts
    ? {
        title: snapshotCopy.moneyPartsTitle,
        lines: figures.moneyParts.parts.map((part) =>
          formatMessage(part.usage_kwh === null ? snapshotCopy.moneyPart : snapshotCopy.moneyPartKwh, {
            part: moneyPartLabel(part),
            amount: money(part.spend),
            kwh: formatDecimal(part.usage_kwh ?? 0, 1),
          }),
        ),
        note: figures.moneyParts.parts.some((part) => part.part === 'always_on')
          ? snapshotCopy.moneyPartsAlwaysOn
          : null,
      }
    : null;

  const similar = figures.similarHomes;
  const business = similar?.survey_path?.includes('sme_survey') ?? false;
  const similarHomes =
    similar?.status === 'compared' && similar.rating !== null
      ? {
          line: formatMessage(similarHomesCopy.emailLine, {
            rating: similarHomesCopy.ratings[similar.rating],
            you: formatDecimal(similar.own_kwh_per_day ?? 0, 1),
            median: formatDecimal(similar.median_kwh_per_day ?? 0, 1),
            efficient: formatDecimal(similar.efficient_kwh_per_day ?? 0, 1),
          }),
          link: null,
        }
      : similar?.status === 'no_profile' && similar.survey_path
        ? {
            line: business ? similarHomesCopy.smeNoProfile : similarHomesCopy.noProfile,
            link: { label: similarHomesCopy.surveyLink, href: links.click(similar.survey_path) },
          }
        : null;

  const actions: SnapshotLink[] = [
    {
      label: weekly ? snapshotCopy.viewWeek : snapshotCopy.viewMonth,
      href: links.click(paths.usage.href(publicId, figures.trackerWeek)),
    },
  ];
  if (input.happyHoursParticipant) {
    actions.push({
      label: snapshotCopy.changeSlot,
      href: links.click(paths.happyHoursChangeSlot.href(publicId)),
    });
  }

  return {
    subject: weekly
      ? formatMessage(snapshotCopy.subjectWeekly, { total, range })
      : formatMessage(snapshotCopy.subjectMonthly, { total, month }),
    preheader: [
      `${total} ${formatMessage(snapshotCopy.spent, { kwh: formatDecimal(figures.usageKwh, 1) })}.`,
      ...comparisons.slice(0, 1),
    ].join(' '),
    brand: formatMessage(snapshotCopy.brand, { retailer: retailer.name }),
    heading: weekly
      ? formatMessage(snapshotCopy.headingWeekly, { range })
      : formatMessage(snapshotCopy.headingMonthly, { month }),
    total,
    totalNote: formatMessage(snapshotCopy.spent, { kwh: formatDecimal(figures.usageKwh, 1) }),
    coverage:
      figures.daysWithData < figures.daysInPeriod
        ? formatMessage(snapshotCopy.coverage, { days: figures.daysWithData, total: figures.daysInPeriod })
        : null,
    comparisons,
    budget,
    highestDay: figures.highestDay
      ? formatMessage(snapshotCopy.highestDay, {
          day: formatLongDate(figures.highestDay.date).replace(/ \d{4}$/, ''),
          amount: money(figures.highestDay.spend),
        })
      : null,
    solar: figures.solar
      ? formatMessage(snapshotCopy.solar, {
          amount: money(figures.solar.credit),
          kwh: formatDecimal(figures.solar.kwh, 1),
        })
      : null,
    moneyParts,
    similarHomes,
    forecast,
    betterOffer: input.betterOffer
      ? {
          title: planCopy.betterOfferTitle,
          line: betterOfferLine(input.betterOffer.name, money(input.betterOffer.yearly_saving)),
          link: { label: planCopy.betterOfferLink, href: links.click(paths.plans.href(publicId)) },
        }
      : null,
    actions,
    settings: {
      line: snapshotCopy.settingsLine,
      link: { label: snapshotCopy.settingsLink, href: links.click(paths.settings.href(publicId)) },
    },
    footer: footerLines(retailer),
  };
}
