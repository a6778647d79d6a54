/** Feedback (docs/screens.md): where to send ideas, and that the retailer will answer shortly. */
import { copy, screenTitles } from '@portal/contracts';
import { useParams } from 'react-router';
import { useVisitRecord } from '../../../shared/api/record-visit.ts';
import { useClientConfig } from '../../../shared/config/client-config.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { renderMessage } from '../../../shared/lib/render-message.tsx';

export function FeedbackPage() {
  const { accountId } = useParams();
  const { retailer } = useClientConfig();
  useDocumentTitle(screenTitles.feedback);
  useVisitRecord('feedback', accountId);

  return (
    <section className="page">
      <h1>{screenTitles.feedback}</h1>
      <p>{copy.feedbackIntro}</p>
      <p className="feedback__request">
        {renderMessage(copy.feedbackRequest, {
          email: <a href={`mailto:${retailer.ideasEmail}`}>{retailer.ideasEmail}</a>,
        })}
      </p>
    </section>
  );
}
