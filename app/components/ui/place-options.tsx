import { PROVINCES_BY_NAME } from "~/domain/settings/argentina";

/** A province select's options, by name, after an empty first choice (checkout, Mi cuenta, the Caja Rizoma). */
export function ProvinceOptions({ placeholder }: { placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {PROVINCES_BY_NAME.map((province) => (
        <option key={province.code} value={province.code}>
          {province.name}
        </option>
      ))}
    </>
  );
}

/** The Caja Rizoma's pickup choice: the settings' points, or none ("Lo coordinamos por WhatsApp"). */
export function PickupPointOptions({ points }: { points: readonly { name: string; address: string }[] }) {
  return (
    <>
      <option value="">Lo coordinamos por WhatsApp</option>
      {points.map((point) => (
        <option key={point.name} value={point.name}>
          {point.name} — {point.address}
        </option>
      ))}
    </>
  );
}
