/** @jsxRuntime automatic @jsxImportSource react */
/** The plain-text part of a Reduce & Reward email, rendered by React from the same view as the HTML part. */

import { Fragment } from 'react';
import type { EventEmailView } from './event-view.ts';
import { Line } from './layout.tsx';

export function EventEmailText({ view }: { view: EventEmailView }) {
  return (
    <>
      <Line>{view.brand}</Line>
      <Line />
      <Line>{view.heading}</Line>
      <Line>{'='.repeat(Math.min(view.heading.length, 60))}</Line>
      <Line />
      <Line>{view.when}</Line>
      <Line>{view.lead}</Line>
      {view.sections.map((section) => (
        <Fragment key={section.title}>
          <Line />
          <Line>{section.title}</Line>
          {section.lines.map((line) => (
            <Line key={line}>{line}</Line>
          ))}
        </Fragment>
      ))}
      <Line />
      <Line>{view.action.label}:</Line>
      <Line>{view.action.href}</Line>
      <Line />
      <Line>--</Line>
      <Line>{view.why}</Line>
      <Line>
        {view.unsubscribe.label}: {view.unsubscribe.href}
      </Line>
      {view.footer.map((line) => (
        <Line key={line}>{line}</Line>
      ))}
    </>
  );
}
