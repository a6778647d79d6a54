/**
 * Landing (docs/screens.md): for visitors without an account link. Tells them how to get access, introduces Tracker
 * (docs/product.md) and shows the four feature blocks.
 */
import { copy, landingFeatures, messages, screenTitles } from '@portal/contracts';
import { useVisitRecord } from '../../../shared/api/record-visit.ts';
import { useClientConfig } from '../../../shared/config/client-config.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { renderMessage } from '../../../shared/lib/render-message.tsx';
import { FeatureIcon } from './feature-icon.tsx';
import './landing-page.css';

function AccessRequest({ email }: { email: string }) {
  return (
    <p className="landing__access">
      {renderMessage(messages.landingAccessRequest, { email: <a href={`mailto:${email}`}>{email}</a> })}
    </p>
  );
}

export function LandingPage() {
  const { retailer } = useClientConfig();
  useDocumentTitle(screenTitles.tracker);
  useVisitRecord('landing', null);

  return (
    <div className="page landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <h1 id="landing-title">{screenTitles.tracker}</h1>
        <p className="landing__intro">{copy.landingIntro}</p>
        <AccessRequest email={retailer.accessEmail} />
      </section>
      <ul className="landing__features">
        {landingFeatures.map((feature, index) => (
          <li key={feature.title} className="landing__feature">
            <FeatureIcon index={index} />
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
