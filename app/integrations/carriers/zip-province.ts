/**
 * The province (ISO 3166-2:AR letter) of a 4-digit postal code, from the ranges of Correo Argentino's
 * numbering (the CPA's 4 digits). MiCorreo lists branches per province only, so this picks the province to
 * ask for; a border town filed under its neighbour only loses its own branches from the list, nothing
 * else. The sandbox prices by it too. Approximate by nature: never shown to anyone as a fact.
 */
const RANGES: [from: number, to: number, province: string][] = [
  [1000, 1499, "C"],
  [1500, 1999, "B"],
  [2000, 2499, "S"],
  [2500, 2579, "S"],
  [2580, 2599, "X"],
  [2600, 2699, "S"],
  [2700, 2999, "B"],
  [3000, 3099, "S"],
  [3100, 3299, "E"],
  [3300, 3399, "N"],
  [3400, 3499, "W"],
  [3500, 3599, "H"],
  [3600, 3699, "P"],
  [3700, 3799, "H"],
  [4000, 4199, "T"],
  [4200, 4399, "G"],
  [4400, 4599, "A"],
  [4600, 4699, "Y"],
  [4700, 4799, "K"],
  [5000, 5299, "X"],
  [5300, 5399, "F"],
  [5400, 5499, "J"],
  [5500, 5699, "M"],
  [5700, 5799, "D"],
  [5800, 5999, "X"],
  [6000, 6299, "B"],
  [6300, 6399, "L"],
  [6400, 8199, "B"],
  [8200, 8299, "L"],
  [8300, 8399, "Q"],
  [8400, 8599, "R"],
  [9000, 9299, "U"],
  [9300, 9409, "Z"],
  [9410, 9439, "V"],
  [9440, 9499, "Z"],
];

export function provinceOfZip(zip: string): string | null {
  const code = Number(zip);
  if (!/^\d{4}$/.test(zip)) return null;
  return RANGES.find(([from, to]) => code >= from && code <= to)?.[2] ?? null;
}
