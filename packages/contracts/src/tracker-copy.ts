/**
 * Customer-facing text and settings of the Tracker (and of the emails that show its figures): its legend, where the
 * money goes, its own wording, and its hint cookie. Apart from copy.ts, which every screen's first
 * load carries, so that only the Tracker loads it (docs/decisions/0047-less-javascript-before-the-first-paint.md).
 * `{name}` placeholders are filled with `formatMessage`.
 */

import type { MoneyPartKind } from './usage.ts';

/**
 * The budget form when Save has nothing to save (issue 26 item 14): the field holds the saved budget, or was
 * left empty, '-' or not a number, which reverts to it (docs/rules.md#validation), so "Budget updated" would be
 * untrue. {amount} is the saved budget in whole dollars.
 */
export const budgetNotices = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign, then the {amount} of formatMessage.
  unchanged: 'Your budget is already ${amount} per week: nothing to save.',
  unchangedOff: 'Your budget setting is already disabled: nothing to save.',
} as const;

/** The Tracker's hint cookie (docs/rules.md#limits): set once the hint has been viewed, so it is not shown again. */
export const TRACKER_HINT_COOKIE = 'tracker__viewedHint';

/** Tracker legend entries (docs/screens.md): the label word for word, and its meaning in our words. */
export const trackerLegend = {
  usage: { label: 'Usage', meaning: 'Your actual electricity usage' },
  /** In dollars for a solar account: the bar above the line is the usage less the credit drawn below it. */
  usageLessSolar: {
    label: 'Usage',
    meaning: 'Your electricity usage, less your solar credit below the line',
  },
  /** In kWh for a solar account: the bar and the figure are the energy used less the energy exported. */
  usageLessExport: {
    label: 'Usage',
    meaning: 'Energy you used from the grid, less the solar energy you exported below the line',
  },
  supply: { label: 'Supply', meaning: 'The fixed daily supply charge' },
  solarExport: { label: 'Solar Export', meaning: 'Solar energy you fed into the grid (a credit)' },
  average: { label: 'Average', meaning: 'Your average for this day of the week over the last 5 weeks' },
  averageDay: { label: 'Average', meaning: 'Your average for this hour over the last 5 weeks' },
  /** {amount} is the budget per week, {perDay} the same per day. */
  budget: {
    label: 'Budget',
    meaning: 'Your weekly budget of {amount} ({perDay} a day); Tracker emails report your progress',
  },
  estimated: { label: 'Estimated', meaning: 'Includes estimated meter reads' },
  /** Hours of the account's Happy Hours slot that used energy: no usage charge (issue 26 item 9). */
  free: { label: 'Free', meaning: 'Your free Happy Hours: no usage charge for the energy you used' },
} as const;

/**
 * The periods of the day in "where your money goes": a flat rate's clock periods and the usual time-of-use
 * names; any other name a tariff gives its period is shown as written.
 */
export const moneyPeriodLabels: Record<string, string> = {
  night: 'Night (midnight to 6 am)',
  morning: 'Morning (6 am to noon)',
  afternoon: 'Afternoon (noon to 6 pm)',
  evening: 'Evening (6 pm to midnight)',
  peak: 'Peak',
  shoulder: 'Shoulder',
  off_peak: 'Off-peak',
};

/** A part of "where your money goes" as the Tracker and the emails name it. */
export function moneyPartLabel(part: { part: MoneyPartKind; period: string | null }): string {
  switch (part.part) {
    case 'always_on':
      return trackerCopy.moneyPartAlwaysOn;
    case 'usage':
      return part.period === null
        ? trackerCopy.moneyPartOtherUsage
        : (moneyPeriodLabels[part.period] ?? part.period.replaceAll('_', ' '));
    case 'controlled_load':
      return trackerCopy.moneyPartControlledLoad;
    case 'supply':
      return trackerCopy.moneyPartSupply;
    case 'solar_credit':
      return trackerCopy.moneyPartSolarCredit;
    case 'concession':
      return trackerCopy.moneyPartConcession;
  }
}

/** Our own wording on the Tracker screens, where the specification describes content without words. */
export const trackerCopy = {
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  previousDay: 'Previous day',
  nextDay: 'Next day',
  /** docs/screens.md names the day view's buttons. */
  weekZoom: 'Week zoom',
  viewDay: 'VIEW DAY',
  viewWeek: 'VIEW WEEK',
  hintDismiss: 'Got it',
  legendTitle: 'Legend',
  chartColumns: 'Chart columns',
  /** {range} is the week, e.g. "16 – 22 November 2026". */
  weekChartTitle: 'Spend per day, {range}',
  weekChartTitleKwh: 'Energy per day, {range}',
  /** {date} is the day, e.g. "Tuesday 17 November 2026". */
  dayChartTitle: 'Spend per hour, {date}',
  dayChartTitleKwh: 'Energy per hour, {date}',
  highestColumn: 'highest',
  estimatedColumn: 'includes estimated reads',
  /** The mark on an hour of free Happy Hours, in the chart and the table; {amount} is what it saved. */
  freeMark: 'Free',
  freeColumn: 'Happy Hours saved {amount}',
  unitSwitchLabel: 'Show the chart in',
  unitDollars: '$',
  unitKwh: 'kWh',
  kwhNote: 'In kWh the chart shows energy only: supply charges, averages and the budget are in dollars.',
  tableSummary: 'Show the numbers as a table',
  /** Under the table's title when the table is wider than the screen. */
  tableScrollCue: 'Scroll sideways to see every column',
  tableDay: 'Day',
  tableHour: 'Hour',
  tableUsage: 'Usage',
  tableUsageKwh: 'Usage (kWh)',
  tableSupply: 'Supply',
  tableConcession: 'Concession',
  tableSolar: 'Solar Export',
  tableSolarKwh: 'Solar Export (kWh)',
  /** In kWh for a solar account: the column's figure, usage less export. */
  tableNetKwh: 'Net (kWh)',
  tableTotal: 'Total',
  tableAverage: 'Average',
  tableEstimated: 'Estimated reads',
  /** {percent} of the column's meter reads were estimated. */
  tableEstimatedShare: '{percent}% estimated',
  tryAgain: 'Try again',

  overviewTitle: 'Your week at a glance',
  /** The cards that arrive after the week (the quarter, similar homes, a better offer), below the screen. */
  insightsTitle: 'More about your electricity',
  spendThisWeek: 'Spend this week',
  spendThatWeek: 'Spend for the week',
  /** {spent} and {budget} are dollar amounts. */
  budgetProgress: '{spent} of your {budget} weekly budget',
  budgetLeft: '{amount} left',
  budgetOver: '{amount} over budget',
  noBudget: 'No weekly budget set. Set one below to track your spending.',
  weeklyAverage: 'Weekly average',
  weeklyAverageNote: 'Over the last 4 weeks',
  trendUp: '{percent}% more than your weekly average',
  trendDown: '{percent}% less than your weekly average',
  trendStable: 'About the same as your weekly average',
  /** The week in progress: {amount} is the weekly average's share for its {days} days with data. */
  trendUpSoFar: '{percent}% more than {amount}, your weekly average for {days} of 7 days',
  trendDownSoFar: '{percent}% less than {amount}, your weekly average for {days} of 7 days',
  trendStableSoFar: 'About the same as {amount}, your weekly average for {days} of 7 days',
  highestDay: 'Highest day',
  solarCredit: 'Solar credit',
  /** {kwh} is the energy exported. */
  solarExported: 'For {kwh} kWh fed into the grid',
  solarAdvantage: 'Solar Advantage',
  solarAdvantageWelcome:
    'Welcome to the Solar Advantage trial! When the grid has more solar power than it needs, your export may be limited for a while, and you are credited for the energy you could have exported.',
  /** {hours} rounded to the nearest half hour, {kwh} to 2 decimals, {benefit} in dollars. */
  curtailmentSummary: '{hours} hours of limited export ({kwh} kWh), earning you {benefit} so far',
  forecastTitle: 'Projected bill this quarter',
  /** {start} and {end} are the quarter's first and last days. */
  forecastPeriod: '{start} to {end}',
  forecastSpendToDate: '{amount} spent so far',
  forecastProjection: 'Projection',
  forecastDisclaimer:
    'This is a projection only and no substitute for your actual bill. It excludes manual adjustments such as credits, forward balances and special meter read fees.',
  dayInsightsTitle: 'This day at a glance',
  daySpend: 'Spend on the day',
  /** How the day's spend relates to its hourly columns: {hours}, {supply} and {concession} in dollars. */
  dayBreakdown:
    'The hourly columns add up to {hours}; the daily supply charge of {supply} is added once for the day.',
  dayBreakdownConcession:
    'The hourly columns add up to {hours}; the daily supply charge of {supply} is added and your concession of {concession} taken off once for the day.',
  /** {day} is the weekday name. */
  dayTrendUp: '{percent}% more than your average {day}',
  dayTrendDown: '{percent}% less than your average {day}',
  dayTrendStable: 'About the same as your average {day}',
  /** {amount} in dollars, {period} night, morning, afternoon or evening. */
  diversionMore: 'You spent {amount} more than usual in the {period}.',
  diversionLess: 'You spent {amount} less than usual in the {period}.',

  /** Where the money goes (issue 28 item 1, docs/tracker-figures.md#where-your-money-goes). */
  moneyPartsTitle: 'Where your money goes',
  /** The table's title: {range} is the week or the day. */
  moneyPartsCaption: 'Where your money went, {range}',
  moneyPartsPart: 'Part',
  moneyPartsKwh: 'kWh',
  moneyPartsAmount: 'Amount',
  moneyPartsTotal: 'Total',
  moneyPartAlwaysOn: 'Always on',
  moneyPartControlledLoad: 'Controlled load',
  moneyPartSupply: 'Supply charge',
  moneyPartSolarCredit: 'Solar credit',
  moneyPartConcession: 'Concession',
  moneyPartOtherUsage: 'Usage',
  moneyPartsAlwaysOnNote:
    'Always on is what your home draws around the clock: its lowest half-hour between midnight and 6 am, counted in every half-hour of the day. Each time of day shows the usage above it.',
  /** When some days with data have no always-on figure (their night reads are missing). */
  moneyPartsAlwaysOnDays:
    'Always on covers {days} of the {total} days with data: the others lack night reads.',
  budgetTitle: 'Weekly budget',
  budgetLabel: 'Budget per week, in dollars',
  budgetHelp: 'Whole dollars from 0 to 99. Set 0 to turn the budget off.',
  budgetOn: 'Budget on',
  budgetOff: 'Budget off',
  budgetSave: 'Save',

  surveyPrompt: 'Help us make Tracker more useful: tell us a little about your home.',
  smeSurveyPrompt: 'Help us make Tracker more useful: tell us a little about your business.',
  surveyLink: 'Take the survey',

  downloadTitle: 'Download your data',
  downloadIntro: 'Your meter readings for the days you choose, as a CSV file (up to 366 days at a time).',
  downloadFrom: 'From',
  downloadTo: 'To',
  downloadLink: 'Download CSV',
  downloadRangeError: 'Choose a start date on or before the end date, at most 366 days apart.',
} as const;
