import { useEffect, useState } from "react";

/** The QR drawer (the `qrcode` package), loaded only when a QR is shown; the service worker keeps its chunk. */
export const loadQrDrawer = () => import("qrcode");

/**
 * A QR drawn in the phone from `text` (a receipt's address, a Mercado Pago payload), as an SVG image: the
 * text only exists once the server answered, so it cannot come drawn from the server like the alias's.
 */
export function QrImage({ text, label, size = 224 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    setSrc(null);
    loadQrDrawer()
      .then((QRCode) => QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 1 }))
      .then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [text]);
  return src ? (
    <img src={src} alt={label} width={size} height={size} className="rounded-lg bg-white p-2" />
  ) : (
    <div
      role="img"
      aria-label={label}
      style={{ width: size, height: size }}
      className="animate-pulse rounded-lg bg-ink/10"
    />
  );
}
