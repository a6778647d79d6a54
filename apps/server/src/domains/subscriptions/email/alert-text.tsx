/** @jsxRuntime automatic @jsxImportSource react */
/** The plain-text part of a budget alert, rendered by React from the same view as the HTML part. */
import type { BudgetAlertView } from './alert-view.ts';
import { Line, TextFooter, TextHeading } from './layout.tsx';

export function BudgetAlertText({ view }: { view: BudgetAlertView }) {
  return (
    <>
      <TextHeading brand={view.brand} heading={view.heading} />
      <Line>{view.headline}</Line>
      {view.lines.map((line) => (
        <Line key={line}>{line}</Line>
      ))}
      <Line />
      <Line>{view.days.title}</Line>
      {view.days.lines.map((line) => (
        <Line key={line}>- {line}</Line>
      ))}
      <Line />
      <Line>{view.method.title}</Line>
      <Line>{view.method.line}</Line>
      <Line />
      <Line>{view.action.label}:</Line>
      <Line>{view.action.href}</Line>
      <TextFooter note={view.turnOff} lines={view.footer} />
    </>
  );
}
