/** @jsxRuntime automatic @jsxImportSource react */
/** Renders a snapshot view to the subject, HTML and plain text of the email (both parts from React). */
import { renderToStaticMarkup } from 'react-dom/server';
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
export function renderText(view: SnapshotView): string {
  return renderToStaticMarkup(<SnapshotText view={view} />).replace(
    /&(?:amp|lt|gt|quot|#x27);/g,
    (entity) => entities[entity] ?? entity,
  );
}

export function renderSnapshot(view: SnapshotView): RenderedEmail {
  return {
    subject: view.subject,
    html: `<!DOCTYPE html>${renderToStaticMarkup(<SnapshotHtml view={view} />)}`,
    text: renderText(view),
  };
}
