/** @jsxRuntime automatic @jsxImportSource react */
/** The plain-text part of a Reduce & Reward email, rendered by React from the same view as the HTML part. */

import { Fragment } from 'react';
import type { EventEmailView } from './event-view.ts';
import { Line, TextFooter, TextHeading } from './layout.tsx';

export function EventEmailText({ view }: { view: EventEmailView }) {
  return (
    <>
      <TextHeading brand={view.brand} heading={view.heading} />
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
      <TextFooter note={{ line: view.why, link: view.unsubscribe }} lines={view.footer} />
    </>
  );
}
