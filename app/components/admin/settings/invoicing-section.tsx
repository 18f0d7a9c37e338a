import { useContext } from "react";
import { Notice } from "~/components/ui/notice";
import type { ArcaStatus } from "~/domain/invoices/admin.server";
import type { ArcaCheck } from "~/domain/invoices/connection.server";
import type { Settings } from "~/domain/settings/schema";
import { formatMoneyInput } from "~/lib/money";
import { Field } from "./field";
import { Fields, type SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

const STATUS_TONE: Record<ArcaStatus["mode"], string> = {
  live: "border-moss/30 bg-moss/10",
  sandbox: "border-ochre/40 bg-ochre/15",
  off: "border-terracotta/40 bg-terracotta/10",
};

/**
 * Facturación electrónica: whether each paid sale and box charge gets its invoice, and the point of sale
 * they are numbered in. The ARCA link (credentials live in the server's environment, never here) is shown
 * read-only, so the admin sees where vouchers would go before turning them on.
 */
export function InvoicingSection({
  invoicing,
  arca,
  state,
  check,
}: {
  invoicing: Settings["invoicing"];
  arca: ArcaStatus;
  state: SectionState;
  /** The answer of the last "Probar la conexión con ARCA". */
  check?: ArcaCheck | null;
}) {
  return (
    <SettingsForm
      section="invoicing"
      description="Cada venta pagada y cada cobro de la Caja Rizoma recibe su factura electrónica de ARCA, con CAE y QR, y se la mandamos al comprador por correo."
      names={["enabled", "pointOfSale", "identifyConsumerFrom"]}
      saveLabel="Guardar facturación"
      state={state}
      stored={invoicing}
    >
      <p role="status" className={`rounded-lg border px-4 py-3 text-sm ${STATUS_TONE[arca.mode]}`}>
        <span className="font-semibold">Conexión con ARCA:</span> {arca.text}
      </p>
      <EnabledBox enabled={invoicing.enabled} />
      <Field
        name="pointOfSale"
        label="Punto de venta"
        value={invoicing.pointOfSale ?? ""}
        hint="El número del punto de venta «RECE para aplicativo y web services» que creaste en ARCA (por ejemplo 3)."
        type="number"
        inputMode="numeric"
        min={1}
        max={99998}
        autoComplete="off"
        className="max-w-xs"
      />
      <Field
        name="identifyConsumerFrom"
        label="Identificar al consumidor final desde (pesos)"
        value={formatMoneyInput(invoicing.identifyConsumerFrom * 100)}
        hint="Desde este total el checkout pide el DNI o CUIL del comprador sin CUIT, y va en la factura. La RG 5700/2025 de ARCA lo fija en $ 10.000.000."
        inputMode="numeric"
        placeholder="10.000.000"
        autoComplete="off"
        className="max-w-xs"
      />
      <div className="space-y-3 rounded-lg border border-ink/10 bg-paper/60 px-4 py-3">
        <p className="text-sm text-ink/75">
          Antes de activarla, probá la conexión: consultamos a ARCA si responde, si el certificado sirve y si el punto
          de venta que escribiste está habilitado. No se emite nada.
        </p>
        <button
          type="submit"
          name="intent"
          value="check"
          className="rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
        >
          Probar la conexión con ARCA
        </button>
        {check ? (
          <Notice
            notice={{
              tone: check.ok ? "success" : "error",
              title: check.ok ? "La conexión con ARCA funciona" : "La conexión con ARCA no está lista",
              message: check.message,
            }}
          />
        ) : null}
      </div>
    </SettingsForm>
  );
}

/** The checkbox shows what was sent back after a refusal, else what is stored. */
function EnabledBox({ enabled }: { enabled: boolean }) {
  const { values } = useContext(Fields);
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        name="enabled"
        defaultChecked={values ? values.enabled === "on" : enabled}
        className="mt-0.5"
      />
      <span>
        <span className="font-semibold">Emitir facturas electrónicas automáticamente</span>
        <span className="block text-xs text-ink/75">
          Apagado, las ventas no se facturan: tenés que hacerlo a mano en el portal de ARCA.
        </span>
      </span>
    </label>
  );
}
