/** @jsxRuntime automatic @jsxImportSource react */
/** The HTML part of a Reduce & Reward email (invitation or results), in the document every email shares (layout.tsx). */
import type { EventEmailView } from './event-view.ts';
import { Button, colours, EmailDocument, p, Section } from './layout.tsx';

export function EventEmailHtml({ view }: { view: EventEmailView }) {
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
          <p style={p({ fontSize: '20px', lineHeight: '28px', fontWeight: 700 })}>{view.when}</p>
          <p style={p()}>{view.lead}</p>
          {view.sections.map((section) => (
            <Section key={section.title} title={section.title}>
              {section.lines.map((line) => (
                <p key={line} style={p()}>
                  {line}
                </p>
              ))}
            </Section>
          ))}
          <Section>
            <Button href={view.action.href} label={view.action.label} primary />
          </Section>
        </>
      }
      footer={
        <>
          <p className="snap-muted" style={small}>
            {view.why}{' '}
            <a className="snap-link" href={view.unsubscribe.href} style={{ color: colours.brand }}>
              {view.unsubscribe.label}
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
