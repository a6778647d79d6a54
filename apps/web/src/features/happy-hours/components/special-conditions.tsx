/** The full special conditions of Happy Hours (docs/screens.md step 2, docs/rules.md#validation terms content), with the program conditions link. */
import { copy, formatMessage, happyHoursConditions, happyHoursCopy } from '@portal/contracts';
import { ExternalLink } from '../../../shared/components/external-link.tsx';
import { useClientConfig } from '../../../shared/config/client-config.tsx';

export function SpecialConditions({ headingId }: { headingId: string }) {
  const { retailer } = useClientConfig();
  return (
    <section className="happy-hours__conditions" aria-labelledby={headingId}>
      <h3 id={headingId} className="happy-hours__conditions-title">
        {happyHoursCopy.conditionsTitle}
      </h3>
      <ol className="happy-hours__conditions-list">
        {happyHoursConditions.map((condition) => (
          <li key={condition}>{formatMessage(condition, { retailer: retailer.name })}</li>
        ))}
      </ol>
      <p>
        <ExternalLink href={retailer.happyHoursConditionsUrl}>{copy.happyHoursConditionsLink}</ExternalLink>
      </p>
    </section>
  );
}
