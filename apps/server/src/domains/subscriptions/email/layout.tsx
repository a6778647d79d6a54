/** @jsxRuntime automatic @jsxImportSource react */
/**
 * What the Tracker's emails share (the snapshots and the budget alert): a single-column table layout (what
 * email clients render reliably), at most 600 px wide and fluid below, with no images (nothing is lost when
 * images are off), inline colours with enough contrast, and a dark-mode style block for clients that honour
 * prefers-color-scheme. The CSP rules of the web app do not apply to email, where inline styles are the only
 * styles every client keeps.
 */
import type { CSSProperties, ReactNode } from 'react';

export const colours = {
  page: '#eef3f6',
  card: '#ffffff',
  text: '#1b2430',
  muted: '#4b5563',
  brand: '#0b4f6c',
  onBrand: '#ffffff',
  rule: '#c5d0d8',
  under: '#1d7a46',
  over: '#b42318',
  track: '#dde5ea',
};
export const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Dark mode: clients that honour prefers-color-scheme (Apple Mail, iOS, some Outlook) get these colours. */
export const darkStyles = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .snap-page { background: #0f1a22 !important; }
  .snap-card { background: #16232d !important; }
  .snap-text, .snap-text p, .snap-text h1, .snap-text h2 { color: #e8eef2 !important; }
  .snap-muted { color: #b8c4cc !important; }
  .snap-brand { color: #8fd3f2 !important; }
  .snap-button { background: #ffc845 !important; border-color: #ffc845 !important; }
  .snap-button a { color: #10202b !important; }
  .snap-link { color: #8fd3f2 !important; }
  .snap-rule { border-color: #33444f !important; }
}
@media (max-width: 620px) {
  .snap-card-cell { padding: 20px 16px !important; }
  .snap-total { font-size: 36px !important; }
}
`;

export const p = (style: CSSProperties = {}): CSSProperties => ({
  margin: '0 0 12px',
  fontSize: '16px',
  lineHeight: '24px',
  color: colours.text,
  ...style,
});

/** A line of a plain-text part: its text and a line break (the text parts are React too, see render.tsx). */
export const Line = ({ children }: { children?: ReactNode }) => (
  <>
    {children}
    {'\n'}
  </>
);

/** The card's heading: what the email is about. */
export function Heading({ children }: { children: ReactNode }) {
  return (
    <h1 style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '28px', color: colours.text }}>
      {children}
    </h1>
  );
}

/** A link of an email: its words and where it leads (a signed link). */
export interface EmailLink {
  label: string;
  href: string;
}

/** Under the card: why the email came with the link to change that, then the footer's lines. */
export function Footer({
  note,
  lines,
}: {
  note: { line: string; link: EmailLink };
  lines: readonly string[];
}) {
  const small = p({ fontSize: '14px', lineHeight: '20px', color: colours.muted });
  return (
    <>
      <p className="snap-muted" style={small}>
        {note.line}{' '}
        <a className="snap-link" href={note.link.href} style={{ color: colours.brand }}>
          {note.link.label}
        </a>
        .
      </p>
      {lines.map((line) => (
        <p key={line} className="snap-muted" style={small}>
          {line}
        </p>
      ))}
    </>
  );
}

/** The text part's top: the brand, then the heading underlined. */
export function TextHeading({ brand, heading }: { brand: string; heading: string }) {
  return (
    <>
      <Line>{brand}</Line>
      <Line />
      <Line>{heading}</Line>
      <Line>{'='.repeat(Math.min(heading.length, 60))}</Line>
      <Line />
    </>
  );
}

/** The text part's end: the signature line, why the email came with its link, the footer's lines. */
export function TextFooter({
  note,
  lines,
}: {
  note: { line: string; link: EmailLink };
  lines: readonly string[];
}) {
  return (
    <>
      <Line />
      <Line>--</Line>
      <Line>{note.line}</Line>
      <Line>
        {note.link.label}: {note.link.href}
      </Line>
      {lines.map((line) => (
        <Line key={line}>{line}</Line>
      ))}
    </>
  );
}

export function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div
      className="snap-rule"
      style={{ borderTop: `1px solid ${colours.rule}`, paddingTop: '16px', marginTop: '16px' }}
    >
      {title ? (
        <h2 style={{ margin: '0 0 8px', fontSize: '18px', lineHeight: '24px', color: colours.text }}>
          {title}
        </h2>
      ) : null}
      {children}
    </div>
  );
}

export function BudgetBar({ percent, over }: { percent: number; over: boolean }) {
  const filled = Math.max(1, Math.min(100, percent));
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', margin: '0 0 12px' }}
    >
      <tbody>
        <tr>
          <td
            width={`${filled}%`}
            style={{ height: '12px', background: over ? colours.over : colours.under, fontSize: '1px' }}
          >
            &nbsp;
          </td>
          {filled < 100 ? (
            <td
              width={`${100 - filled}%`}
              style={{ height: '12px', background: colours.track, fontSize: '1px' }}
            >
              &nbsp;
            </td>
          ) : null}
        </tr>
      </tbody>
    </table>
  );
}

export function Button({ href, label, primary }: { href: string; label: string; primary: boolean }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 12px' }}>
      <tbody>
        <tr>
          <td
            className={primary ? 'snap-button' : undefined}
            style={{
              borderRadius: '6px',
              background: primary ? colours.brand : colours.card,
              border: `2px solid ${colours.brand}`,
            }}
          >
            <a
              href={href}
              style={{
                display: 'inline-block',
                padding: '12px 20px',
                fontFamily: font,
                fontSize: '16px',
                fontWeight: 700,
                color: primary ? colours.onBrand : colours.brand,
                textDecoration: 'none',
              }}
              className={primary ? undefined : 'snap-link'}
            >
              {label}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * The document every email of the Tracker shares: head (colour schemes, dark-mode styles), the hidden inbox
 * preview line, the brand line, one white card opening with the heading and the footer under it, in a single
 * column at most 600 px.
 */
export function EmailDocument({
  view,
  card,
  footer,
}: {
  view: { subject: string; preheader: string; brand: string; heading: string };
  /** What the card holds under the email's heading. */
  card: ReactNode;
  footer: ReactNode;
}) {
  const { subject: title, preheader, brand } = view;
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant style sheet, no customer data. */}
        <style dangerouslySetInnerHTML={{ __html: darkStyles }} />
      </head>
      <body
        className="snap-page"
        style={{ margin: 0, padding: 0, background: colours.page, fontFamily: font }}
      >
        <div
          style={{
            display: 'none',
            maxHeight: 0,
            overflow: 'hidden',
            opacity: 0,
            fontSize: '1px',
            lineHeight: '1px',
          }}
        >
          {preheader}
        </div>
        {/* The email is one landmark, named by its subject: a screen reader (and axe) finds where it starts. */}
        {/* biome-ignore lint/a11y/useSemanticElements: email clients that predate HTML5 (Outlook's Word engine) drop <main>'s meaning; a role survives. */}
        <div role="main" aria-label={title}>
          <table
            role="presentation"
            width="100%"
            cellPadding={0}
            cellSpacing={0}
            className="snap-page"
            style={{ background: colours.page, borderCollapse: 'collapse' }}
          >
            <tbody>
              <tr>
                <td align="center" style={{ padding: '24px 8px' }}>
                  <table
                    role="presentation"
                    width="100%"
                    cellPadding={0}
                    cellSpacing={0}
                    style={{ maxWidth: '600px', borderCollapse: 'collapse' }}
                  >
                    <tbody>
                      <tr>
                        <td style={{ padding: '0 8px 12px' }}>
                          <p
                            className="snap-brand"
                            style={p({ margin: 0, fontSize: '18px', fontWeight: 700, color: colours.brand })}
                          >
                            {brand}
                          </p>
                        </td>
                      </tr>
                      <tr>
                        <td
                          className="snap-card snap-card-cell snap-text"
                          style={{ background: colours.card, borderRadius: '8px', padding: '28px 32px' }}
                        >
                          <Heading>{view.heading}</Heading>
                          {card}
                        </td>
                      </tr>
                      <tr>
                        <td className="snap-text" style={{ padding: '16px 8px' }}>
                          {footer}
                        </td>
                      </tr>
                    </tbody>
                  </table>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </body>
    </html>
  );
}
