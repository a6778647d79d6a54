/** @jsxRuntime automatic @jsxImportSource react */
/** Renders a snapshot, budget alert or Reduce & Reward view to the subject, HTML and plain text of the email (both parts from React). */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BudgetAlertHtml } from './alert-html.tsx';
import { BudgetAlertText } from './alert-text.tsx';
import type { BudgetAlertView } from './alert-view.ts';
import { EventEmailHtml } from './event-html.tsx';
import { EventEmailText } from './event-text.tsx';
import type { EventEmailView } from './event-view.ts';
import { SnapshotHtml } from './snapshot-html.tsx';
import { SnapshotText } from './snapshot-text.tsx';
import type { SnapshotView } from './view.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};

/** React escapes text for HTML; a text part wants the characters back. */
function textOf(element: ReactElement): string {
  return renderToStaticMarkup(element).replace(
    /&(?:amp|lt|gt|quot|#x27);/g,
    (entity) => entities[entity] ?? entity,
  );
}

type ViewComponent<View> = (props: { view: View }) => ReactElement;

/** The subject, the HTML document and the text part of a view, each part from its React component. */
function render<View extends { subject: string }>(
  view: View,
  Html: ViewComponent<View>,
  Text: ViewComponent<View>,
): RenderedEmail {
  return {
    subject: view.subject,
    html: `<!DOCTYPE html>${renderToStaticMarkup(<Html view={view} />)}`,
    text: textOf(<Text view={view} />),
  };
}

export const renderSnapshot = (view: SnapshotView) => render(view, SnapshotHtml, SnapshotText);
export const renderBudgetAlert = (view: BudgetAlertView) => render(view, BudgetAlertHtml, BudgetAlertText);
export const renderEventEmail = (view: EventEmailView) => render(view, EventEmailHtml, EventEmailText);
