/**
 * Plans compared on the customer's own meter data (issue 17, docs/plans.md): /new/plans/{accountId}. The
 * plans side by side, cheapest first, the current one marked; a chart of the yearly costs, a table a screen
 * reader can read, and how each figure was worked out. The portal does not switch plans: the call to action
 * is the retailer's phone and account site.
 */
import {
  betterOfferLine,
  cheapestPlanLine,
  formatCurrency,
  formatMessage,
  messages,
  type PlanCost,
  type PlansResponse,
  paths,
  planCopy,
} from '@portal/contracts';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { ExternalLink } from '../../../shared/components/external-link.tsx';
import { PhoneLink } from '../../../shared/components/phone-link.tsx';
import { useClientConfig } from '../../../shared/config/client-config.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { ApiError, rateLimitMessage } from '../../../shared/lib/api-client.ts';
import { formatDayMonthYear } from '../../../shared/lib/dates.ts';
import { renderMessage } from '../../../shared/lib/render-message.tsx';
import { usePlans } from '../api/get-plans.ts';
import { PlansChart } from './plans-chart.tsx';
import './plans.css';

export function PlansPage() {
  useDocumentTitle(planCopy.pageTitle);
  const { accountId } = useParams();
  return (
    <section className="page plans-page">
      <h1>{planCopy.pageTitle}</h1>
      {accountId ? <Plans accountId={accountId} /> : <p role="alert">{messages.missingAccountId}</p>}
    </section>
  );
}

function errorText(error: unknown): string {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 422) return messages.invalidAccountId;
    if (error.status === 403) return messages.wrongProvider;
  }
  return planCopy.error;
}

function differenceText(plan: PlanCost): string {
  if (plan.saving === null || plan.current) return '';
  if (plan.saving > 0) return formatMessage(planCopy.saves, { amount: formatCurrency(plan.saving) });
  if (plan.saving < 0) return formatMessage(planCopy.costsMore, { amount: formatCurrency(-plan.saving) });
  return planCopy.same;
}

function Plans({ accountId }: { accountId: string }) {
  const plans = usePlans(accountId);
  if (plans.isPending) return <p role="status">{planCopy.loading}</p>;
  if (plans.isError) return <p role="alert">{errorText(plans.error)}</p>;
  return <Comparison accountId={accountId} data={plans.data} />;
}

function Comparison({ accountId, data }: { accountId: string; data: PlansResponse }) {
  const { retailer } = useClientConfig();
  const chartTitleId = useId();
  const best = data.better_offer;
  const current = data.plans.find((plan) => plan.current);
  return (
    <>
      <p>{planCopy.intro}</p>
      <p>
        {formatMessage(planCopy.period, {
          from: formatDayMonthYear(data.from),
          to: formatDayMonthYear(data.to),
        })}{' '}
        <span data-testid="plans-method">{data.method}</span>
      </p>
      {data.enough_data && (
        <p className="plans-page__verdict" data-testid="plans-verdict">
          <strong>
            {best
              ? betterOfferLine(best.name, formatCurrency(best.yearly_saving))
              : current && data.plans[0]?.code === current.code
                ? cheapestPlanLine
                : ''}
          </strong>
        </p>
      )}

      {data.enough_data && (
        <>
          <h2 id={chartTitleId}>{planCopy.chartTitle}</h2>
          <PlansChart plans={data.plans} labelledBy={chartTitleId} />
          <PlansTable plans={data.plans} />
          <h2>{planCopy.howTitle}</h2>
          <p>{planCopy.howIntro}</p>
          <ol className="plans-cards">
            {data.plans.map((plan) => (
              <li key={plan.code} className={plan.current ? 'plans-card is-current' : 'plans-card'}>
                <h3>
                  {plan.name}
                  {plan.current && <span className="plans-card__tag">{planCopy.current}</span>}
                </h3>
                {plan.description && <p className="plans-card__description">{plan.description}</p>}
                <p className="plans-card__cost">
                  {formatCurrency(plan.yearly_cost)} <span>{planCopy.yearlyCost.toLowerCase()}</span>
                </p>
                {differenceText(plan) && <p className="plans-card__difference">{differenceText(plan)}</p>}
                <ul className="plans-card__how">
                  {plan.how.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <p className="plans-page__note">{planCopy.projectionNote}</p>
        </>
      )}

      <p className="plans-page__switch">
        {renderMessage(planCopy.switchIntro, {
          phone: <PhoneLink phone={retailer.phone} />,
          site: <ExternalLink href={retailer.accountSiteUrl}>{planCopy.accountSite}</ExternalLink>,
        })}
      </p>
      <p>
        <Link to={paths.usage.href(accountId)}>{planCopy.backToTracker}</Link>
      </p>
    </>
  );
}

function PlansTable({ plans }: { plans: readonly PlanCost[] }) {
  const hasSolar = plans.some((plan) => plan.solar_credit !== 0);
  const hasConcession = plans.some((plan) => plan.concession !== 0);
  const captionId = useId();
  return (
    // A narrow screen may scroll the table sideways: the region takes the keyboard's focus so it can.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section className="plans-table-wrap" aria-labelledby={captionId} tabIndex={0}>
      <table className="plans-table">
        <caption id={captionId}>{planCopy.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{planCopy.plan}</th>
            <th scope="col" className="plans-table__part">
              {planCopy.usage}
            </th>
            <th scope="col" className="plans-table__part">
              {planCopy.supply}
            </th>
            {hasSolar && <th scope="col">{planCopy.solarCredit}</th>}
            {hasConcession && <th scope="col">{planCopy.concession}</th>}
            <th scope="col">{planCopy.yearlyCost}</th>
            <th scope="col">{planCopy.difference}</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.code} className={plan.current ? 'is-current' : undefined}>
              <th scope="row">
                {plan.name}
                {plan.current && <span className="plans-card__tag">{planCopy.current}</span>}
              </th>
              <td className="plans-table__part">{formatCurrency(plan.usage)}</td>
              <td className="plans-table__part">{formatCurrency(plan.supply)}</td>
              {hasSolar && <td>{formatCurrency(-plan.solar_credit)}</td>}
              {hasConcession && <td>{formatCurrency(-plan.concession)}</td>}
              <td data-testid={`plan-cost-${plan.code}`}>{formatCurrency(plan.yearly_cost)}</td>
              <td>{differenceText(plan)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
