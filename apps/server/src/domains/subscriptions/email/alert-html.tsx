/** @jsxRuntime automatic @jsxImportSource react */
/** The HTML part of a budget alert, in the document every Tracker email shares (layout.tsx). */
import type { BudgetAlertView } from './alert-view.ts';
import { Button, colours, EmailDocument, Footer, p, Section } from './layout.tsx';

export function BudgetAlertHtml({ view }: { view: BudgetAlertView }) {
  return (
    <EmailDocument
      view={view}
      card={
        <>
          <p style={p({ fontSize: '20px', lineHeight: '28px', fontWeight: 700, color: colours.over })}>
            {view.headline}
          </p>
          {view.lines.map((line) => (
            <p key={line} style={p()}>
              {line}
            </p>
          ))}
          <Section title={view.days.title}>
            <ul style={{ margin: '0 0 12px', paddingLeft: '20px' }}>
              {view.days.lines.map((line) => (
                <li key={line} style={p({ margin: '0 0 4px' })}>
                  {line}
                </li>
              ))}
            </ul>
          </Section>
          <Section title={view.method.title}>
            <p className="snap-muted" style={p({ color: colours.muted, fontSize: '14px' })}>
              {view.method.line}
            </p>
          </Section>
          <Section>
            <Button href={view.action.href} label={view.action.label} primary />
          </Section>
        </>
      }
      footer={<Footer note={view.turnOff} lines={view.footer} />}
    />
  );
}
