import { getSection } from "~/domain/settings/settings.server";
import type { Db } from "~db/index";
import { type WorkingCalendar, workingCalendar } from "./calendar";

/** The shop's working calendar: the national holidays plus the dates added in Ajustes → Feriados. */
export async function shopCalendar(db: Db): Promise<WorkingCalendar> {
  const { extra } = await getSection(db, "holidays");
  return workingCalendar(extra);
}
