import type { CSSProperties, ReactNode } from "react";

/**
 * The building blocks of every e-mail: tables and inline styles, because that is what mail clients
 * render reliably. Colours are the shop's tokens (moss, paper, ink).
 */
const colors = { ink: "#1c1f1a", paper: "#f7f3ea", moss: "#1f4d3a", muted: "#5b5f57", line: "#e4dccb" };
const font = "Georgia, 'Times New Roman', serif";
const sans = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface LayoutProps {
  /** Shown by mail clients next to the subject. */
  preview: string;
  siteUrl: string;
  children: ReactNode;
  /** Newsletter and bulk mail: the one-click unsubscribe link in the footer. */
  unsubscribeUrl?: string;
}

export function EmailLayout({ preview, siteUrl, children, unsubscribeUrl }: LayoutProps) {
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body style={{ margin: 0, padding: 0, background: colors.paper, color: colors.ink, fontFamily: sans }}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: colors.paper }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 560, background: "#ffffff", borderRadius: 8, border: `1px solid ${colors.line}` }}
                >
                  <tbody>
                    <tr>
                      <td style={{ background: colors.moss, borderRadius: "8px 8px 0 0", padding: "20px 28px" }}>
                        <a
                          href={siteUrl}
                          style={{ color: "#ffffff", fontFamily: font, fontSize: 24, textDecoration: "none" }}
                        >
                          Rizoma
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "28px", fontSize: 16, lineHeight: 1.55 }}>{children}</td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: "18px 28px 24px",
                          borderTop: `1px solid ${colors.line}`,
                          color: colors.muted,
                          fontSize: 13,
                          lineHeight: 1.5,
                        }}
                      >
                        Rizoma · Editorial y librería independiente ·{" "}
                        <a href={siteUrl} style={{ color: colors.moss }}>
                          {siteUrl.replace(/^https?:\/\//, "")}
                        </a>
                        {unsubscribeUrl ? (
                          <>
                            <br />
                            ¿No querés recibir más estos correos?{" "}
                            <a href={unsubscribeUrl} style={{ color: colors.moss }}>
                              Darte de baja
                            </a>
                          </>
                        ) : null}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return (
    <h1 style={{ fontFamily: font, fontSize: 24, lineHeight: 1.25, margin: "0 0 16px", color: colors.ink }}>
      {children}
    </h1>
  );
}

export function P({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <p style={{ margin: "0 0 14px", ...style }}>{children}</p>;
}

export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "20px 0" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          background: colors.moss,
          color: "#ffffff",
          padding: "12px 22px",
          borderRadius: 6,
          fontWeight: 600,
          textDecoration: "none",
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** Label/value rows (order summary, bank details, winner data). */
export function Rows({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 18px" }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: "6px 12px 6px 0", color: colors.muted, verticalAlign: "top", whiteSpace: "nowrap" }}>
              {label}
            </td>
            <td style={{ padding: "6px 0", fontWeight: 600, verticalAlign: "top" }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Steps({ steps }: { steps: string[] }) {
  return (
    <ol style={{ margin: "0 0 18px", paddingLeft: 22 }}>
      {steps.map((step) => (
        <li key={step} style={{ marginBottom: 8 }}>
          {step}
        </li>
      ))}
    </ol>
  );
}
