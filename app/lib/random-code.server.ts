import { randomInt } from "node:crypto";

/** Letters and digits that cannot be confused when read aloud or typed: no 0/O, no 1/I. */
export const UNAMBIGUOUS_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A random code of `length` characters from the unambiguous alphabet (crypto-random, unbiased). */
export function randomCode(length: number): string {
  return Array.from({ length }, () => UNAMBIGUOUS_ALPHABET[randomInt(UNAMBIGUOUS_ALPHABET.length)]).join("");
}
