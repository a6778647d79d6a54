/** @jsxRuntime automatic @jsxImportSource react */
/** The HTML part of a budget alert, in the document every Tracker email shares (layout.tsx). */
import type { BudgetAlertView } from './alert-view.ts';
import { Button, colours, EmailDocument, p, Section } from './layout.tsx';

export function BudgetAlertHtml({ view }: { view: BudgetAlertView }) {
  const small = p({ fontSize: '14px', lineHeight: '20px', color: colours.muted });
  return (
    <EmailDocument
      title={view.subject}
      preheader={view.preheader}
      brand={view.brand}
      card={
        <>
          <h1 style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '28px', color: colours.text }}>
            {view.heading}
          </h1>
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
      footer={
        <>
          <p className="snap-muted" style={small}>
            {view.turnOff.line}{' '}
            <a className="snap-link" href={view.turnOff.link.href} style={{ color: colours.brand }}>
              {view.turnOff.link.label}
            </a>
            .
          </p>
          {view.footer.map((line) => (
            <p key={line} className="snap-muted" style={small}>
              {line}
            </p>
          ))}
        </>
      }
    />
  );
}
