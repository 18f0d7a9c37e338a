/** The card every state of the prize page sits in, with the shop's contact for questions below it. */
export function PrizeShell({
  children,
  contact,
}: {
  children: React.ReactNode;
  contact: { whatsapp: string; email: string; address: string };
}) {
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8">{children}</div>
        <aside aria-label="Contacto" className="mt-6 text-center text-sm text-ink/80">
          ¿Dudas con tu premio? Escribinos por WhatsApp al {contact.whatsapp} o a{" "}
          <a href={`mailto:${contact.email}`} className="font-semibold text-moss underline">
            {contact.email}
          </a>
          . Estamos en {contact.address}.
        </aside>
      </div>
    </main>
  );
}
