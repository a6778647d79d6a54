/** @jsxRuntime automatic @jsxImportSource react */
/** The plain-text part of a budget alert, rendered by React from the same view as the HTML part. */
import type { BudgetAlertView } from './alert-view.ts';
import { Line } from './layout.tsx';

export function BudgetAlertText({ view }: { view: BudgetAlertView }) {
  return (
    <>
      <Line>{view.brand}</Line>
      <Line />
      <Line>{view.heading}</Line>
      <Line>{'='.repeat(Math.min(view.heading.length, 60))}</Line>
      <Line />
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
      <Line />
      <Line>--</Line>
      <Line>{view.turnOff.line}</Line>
      <Line>
        {view.turnOff.link.label}: {view.turnOff.link.href}
      </Line>
      {view.footer.map((line) => (
        <Line key={line}>{line}</Line>
      ))}
    </>
  );
}
