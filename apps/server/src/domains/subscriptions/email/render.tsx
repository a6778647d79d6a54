/** @jsxRuntime automatic @jsxImportSource react */
/** Renders a snapshot or budget alert view to the subject, HTML and plain text of the email (both parts from React). */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BudgetAlertHtml } from './alert-html.tsx';
import { BudgetAlertText } from './alert-text.tsx';
import type { BudgetAlertView } from './alert-view.ts';
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

export function renderText(view: SnapshotView): string {
  return textOf(<SnapshotText view={view} />);
}

export function renderSnapshot(view: SnapshotView): RenderedEmail {
  return {
    subject: view.subject,
    html: `<!DOCTYPE html>${renderToStaticMarkup(<SnapshotHtml view={view} />)}`,
    text: renderText(view),
  };
}

export function renderBudgetAlert(view: BudgetAlertView): RenderedEmail {
  return {
    subject: view.subject,
    html: `<!DOCTYPE html>${renderToStaticMarkup(<BudgetAlertHtml view={view} />)}`,
    text: textOf(<BudgetAlertText view={view} />),
  };
}
