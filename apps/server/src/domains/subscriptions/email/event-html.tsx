/** @jsxRuntime automatic @jsxImportSource react */
/** The HTML part of a Reduce & Reward email (invitation or results), in the document every email shares (layout.tsx). */
import type { EventEmailView } from './event-view.ts';
import { Button, EmailDocument, Footer, p, Section } from './layout.tsx';

export function EventEmailHtml({ view }: { view: EventEmailView }) {
  return (
    <EmailDocument
      view={view}
      card={
        <>
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
      footer={<Footer note={{ line: view.why, link: view.unsubscribe }} lines={view.footer} />}
    />
  );
}
