import { DownloadLinks } from "./download-links";

/** The code just created, announced, with its QR to check and download. */
export function CreatedQr({ created }: { created: { code: string; qrUrl: string; qrImage: string } }) {
  return (
    <section
      aria-labelledby="creado"
      className="rounded-xl border border-moss/30 bg-white p-5 text-center"
      role="status"
    >
      <h2 id="creado" className="font-semibold">
        ¡Éxito! Código {created.code} creado
      </h2>
      <img
        src={created.qrImage}
        alt={`Código QR de ${created.code}`}
        width={256}
        height={256}
        className="mx-auto mt-4"
      />
      <p className="mt-2 break-all text-sm text-ink/80">{created.qrUrl}</p>
      <DownloadLinks code={created.code} />
    </section>
  );
}
