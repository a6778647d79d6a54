/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The plain-text part of a snapshot, rendered by React from the same view as the HTML part: components that
 * output only text and line breaks, turned into a string by render.tsx.
 */
import { snapshotCopy } from '@portal/contracts';
import { Fragment } from 'react';
import { Line, TextFooter, TextHeading } from './layout.tsx';
import type { SnapshotView } from './view.ts';

export function SnapshotText({ view }: { view: SnapshotView }) {
  return (
    <>
      <TextHeading brand={view.brand} heading={view.heading} />
      <Line>
        {view.total} {view.totalNote}
      </Line>
      {view.coverage ? <Line>{view.coverage}</Line> : null}
      {view.comparisons.map((line) => (
        <Line key={line}>{line}</Line>
      ))}
      {view.budget ? (
        <>
          <Line />
          <Line>{snapshotCopy.budgetTitle}</Line>
          <Line>{view.budget.line}</Line>
          <Line>{view.budget.result}</Line>
        </>
      ) : null}
      {view.highestDay || view.solar ? <Line /> : null}
      {view.highestDay ? <Line>{view.highestDay}</Line> : null}
      {view.solar ? <Line>{view.solar}</Line> : null}
      {view.moneyParts ? (
        <>
          <Line />
          <Line>{view.moneyParts.title}</Line>
          {view.moneyParts.lines.map((line) => (
            <Line key={line}>{line}</Line>
          ))}
          {view.moneyParts.note ? <Line>{view.moneyParts.note}</Line> : null}
        </>
      ) : null}
      {view.similarHomes ? (
        <>
          <Line />
          <Line>{view.similarHomes.line}</Line>
          {view.similarHomes.link ? (
            <Line>
              {view.similarHomes.link.label}: {view.similarHomes.link.href}
            </Line>
          ) : null}
        </>
      ) : null}
      {view.forecast ? (
        <>
          <Line />
          <Line>{snapshotCopy.forecastTitle}</Line>
          <Line>{view.forecast.line}</Line>
          <Line>{view.forecast.note}</Line>
        </>
      ) : null}
      {view.betterOffer ? (
        <>
          <Line />
          <Line>{view.betterOffer.title}</Line>
          <Line>{view.betterOffer.line}</Line>
          <Line>{view.betterOffer.link.label}:</Line>
          <Line>{view.betterOffer.link.href}</Line>
        </>
      ) : null}
      <Line />
      {view.actions.map((action) => (
        <Fragment key={action.href}>
          <Line>{action.label}:</Line>
          <Line>{action.href}</Line>
        </Fragment>
      ))}
      <TextFooter note={view.settings} lines={view.footer} />
    </>
  );
}
