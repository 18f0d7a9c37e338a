import { addDays, isCalendarDay, todayInBuenosAires } from "~/lib/dates";
import { CHANNEL_PARAMS, channelFromParam, type SaleChannel } from "./channels";

/**
 * The period a report covers: Buenos Aires calendar days [from, to], both included, and the grain its
 * sales series is grouped by. Framework-free: the page's form, its presets and the domain share it.
 */
export type Grain = "dia" | "semana" | "mes";
export const GRAINS: readonly Grain[] = ["dia", "semana", "mes"];
export const GRAIN_LABELS: Record<Grain, string> = { dia: "Día", semana: "Semana", mes: "Mes" };

export interface ReportRange {
  from: string;
  to: string;
  grain: Grain;
  /** Only the sales of one channel (?canal=); absent: every channel. */
  channel?: SaleChannel;
}

/** Longest range a report reads: five years of days is already more than a chart can show. */
export const MAX_RANGE_DAYS = 5 * 366;

/** The default grain for a range: days up to 62 days, weeks up to 182, months beyond. */
export function defaultGrain(from: string, to: string): Grain {
  const days = daysBetween(from, to) + 1;
  return days <= 62 ? "dia" : days <= 182 ? "semana" : "mes";
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** "2026-11" -> "2026-10" (shift -1) or "2026-12" (shift 1). */
export function shiftMonth(month: string, shift: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + shift, 1));
  return date.toISOString().slice(0, 7);
}

/** The last day of a "YYYY-MM" month. */
export function lastDayOf(month: string): string {
  return addDays(`${shiftMonth(month, 1)}-01`, -1);
}

export interface RangePreset {
  label: string;
  from: string;
  to: string;
}

/** "Este mes", "Mes pasado", "Últimos 30 días", "Este año", for today in Buenos Aires. */
export function rangePresets(today = todayInBuenosAires()): RangePreset[] {
  const month = today.slice(0, 7);
  const previous = shiftMonth(month, -1);
  return [
    { label: "Este mes", from: `${month}-01`, to: today },
    { label: "Mes pasado", from: `${previous}-01`, to: lastDayOf(previous) },
    { label: "Últimos 30 días", from: addDays(today, -29), to: today },
    { label: "Este año", from: `${today.slice(0, 4)}-01-01`, to: today },
  ];
}

export interface ParsedRange {
  range: ReportRange;
  /** What was wrong with the asked dates (the report then shows this month), or null. */
  problem: string | null;
}

/**
 * The range from the page's query (?desde=&hasta=&agrupar=&canal=). Missing dates mean this month; dates that
 * are not real days, a start after the end or a range past MAX_RANGE_DAYS fall back to this month with a
 * Spanish explanation, so a hand-edited URL never breaks the page.
 */
export function parseRange(params: URLSearchParams, today = todayInBuenosAires()): ParsedRange {
  const [thisMonth] = rangePresets(today) as [RangePreset];
  const from = params.get("desde")?.trim() || thisMonth.from;
  const to = params.get("hasta")?.trim() || (params.get("desde") ? today : thisMonth.to);
  let problem: string | null = null;
  if (!isCalendarDay(from) || !isCalendarDay(to)) problem = "Las fechas tienen que ser días válidos (dd/mm/aaaa).";
  else if (from > to) problem = "La fecha «Desde» tiene que ser anterior o igual a «Hasta».";
  else if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) problem = "Elegí un período de hasta cinco años.";
  const dates = problem ? { from: thisMonth.from, to: thisMonth.to } : { from, to };
  const asked = params.get("agrupar");
  const grain = GRAINS.includes(asked as Grain) ? (asked as Grain) : defaultGrain(dates.from, dates.to);
  // An unknown channel is every channel, as no channel is.
  const channel = channelFromParam(params.get("canal"));
  return { range: channel ? { ...dates, grain, channel } : { ...dates, grain }, problem };
}

/** The query string of a range ("desde=2026-11-01&hasta=2026-11-30&agrupar=dia", "&canal=local"). */
export function rangeQuery(range: ReportRange): string {
  const query = new URLSearchParams({ desde: range.from, hasta: range.to, agrupar: range.grain });
  if (range.channel) query.set("canal", CHANNEL_PARAMS[range.channel]);
  return query.toString();
}

/**
 * Every bucket of a range at a grain, in order, so a series shows the periods without sales as zero:
 * days "2026-11-03", weeks by their Monday "2026-11-02" (the first may start before `from`), months "2026-11".
 */
export function buckets(range: ReportRange): string[] {
  if (range.grain === "mes") return months(range.from, range.to);
  const keys: string[] = [];
  let day = range.grain === "semana" ? mondayOf(range.from) : range.from;
  const step = range.grain === "semana" ? 7 : 1;
  while (day <= range.to) {
    keys.push(day);
    day = addDays(day, step);
  }
  return keys;
}

/** The months a range touches, "YYYY-MM", in order. */
export function months(from: string, to: string): string[] {
  const keys: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = shiftMonth(month, 1)) keys.push(month);
  return keys;
}

/** The Monday of a day's week (ISO weeks, as PostgreSQL's date_trunc('week')). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const MONTH_NAMES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];

/** A bucket as people read it: "03/11", "Semana del 02/11", "nov 2026". */
export function bucketLabel(key: string, grain: Grain): string {
  if (grain === "mes") return monthLabel(key);
  const short = `${key.slice(8, 10)}/${key.slice(5, 7)}`;
  return grain === "semana" ? `Semana del ${short}` : short;
}

/** "2026-11" -> "nov 2026". */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
