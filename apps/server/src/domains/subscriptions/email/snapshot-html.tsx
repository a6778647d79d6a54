/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The HTML part of a snapshot, in the document every Tracker email shares (layout.tsx).
 */
import { snapshotCopy } from '@portal/contracts';
import { BudgetBar, Button, colours, EmailDocument, Footer, p, Section } from './layout.tsx';
import type { SnapshotView } from './view.ts';

export function SnapshotHtml({ view }: { view: SnapshotView }) {
  return (
    <EmailDocument
      view={view}
      card={
        <>
          <p
            className="snap-total"
            style={p({ margin: 0, fontSize: '44px', lineHeight: '52px', fontWeight: 700 })}
          >
            {view.total}
          </p>
          <p className="snap-muted" style={p({ color: colours.muted })}>
            {view.totalNote}
          </p>
          {view.coverage ? (
            <p className="snap-muted" style={p({ color: colours.muted, fontSize: '14px' })}>
              {view.coverage}
            </p>
          ) : null}
          {view.comparisons.map((line) => (
            <p key={line} style={p()}>
              {line}
            </p>
          ))}
          {view.budget ? (
            <Section title={snapshotCopy.budgetTitle}>
              <p style={p()}>{view.budget.line}</p>
              <BudgetBar percent={view.budget.percent} over={view.budget.over} />
              <p
                style={p({
                  fontWeight: 700,
                  color: view.budget.over ? colours.over : colours.text,
                })}
              >
                {view.budget.result}
              </p>
            </Section>
          ) : null}
          {view.highestDay || view.solar ? (
            <Section>
              {view.highestDay ? <p style={p()}>{view.highestDay}</p> : null}
              {view.solar ? <p style={p()}>{view.solar}</p> : null}
            </Section>
          ) : null}
          {view.moneyParts ? (
            <Section title={view.moneyParts.title}>
              {view.moneyParts.lines.map((line) => (
                <p key={line} style={p()}>
                  {line}
                </p>
              ))}
              {view.moneyParts.note ? (
                <p className="snap-muted" style={p({ color: colours.muted, fontSize: '14px' })}>
                  {view.moneyParts.note}
                </p>
              ) : null}
            </Section>
          ) : null}
          {view.similarHomes ? (
            <Section>
              <p style={p()}>
                {view.similarHomes.line}
                {view.similarHomes.link ? (
                  <>
                    {' '}
                    <a
                      className="snap-link"
                      href={view.similarHomes.link.href}
                      style={{ color: colours.brand }}
                    >
                      {view.similarHomes.link.label}
                    </a>
                  </>
                ) : null}
              </p>
            </Section>
          ) : null}
          {view.forecast ? (
            <Section title={snapshotCopy.forecastTitle}>
              <p style={p()}>{view.forecast.line}</p>
              <p className="snap-muted" style={p({ color: colours.muted, fontSize: '14px' })}>
                {view.forecast.note}
              </p>
            </Section>
          ) : null}
          {view.betterOffer ? (
            <Section title={view.betterOffer.title}>
              <p style={p()}>
                {view.betterOffer.line}{' '}
                <a className="snap-link" href={view.betterOffer.link.href} style={{ color: colours.brand }}>
                  {view.betterOffer.link.label}
                </a>
              </p>
            </Section>
          ) : null}
          <Section>
            {view.actions.map((action, index) => (
              <Button key={action.href} href={action.href} label={action.label} primary={index === 0} />
            ))}
          </Section>
        </>
      }
      footer={<Footer note={view.settings} lines={view.footer} />}
    />
  );
}
