/** Escapes LIKE's wildcards (and its escape character), so a visitor's "50%" or "a_b" match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** An ILIKE pattern for "contains this text". */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
