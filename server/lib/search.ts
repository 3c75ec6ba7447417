/** `%term%` for a case-insensitive LIKE on `lower(...)`; wildcards in the term match literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
