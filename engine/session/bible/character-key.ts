// One identity for a character everywhere the bible compares names: the table, its overflow, the writer's brief,
// the as-of view and the history (time.ts) agree that "Aisha", "aisha" and "**Aisha.**" are one person.

/**
 * A character's name as the bible compares it: lower case, marks and spaces between letters and digits as one
 * space; a name of marks alone ("?!") as written.
 * @example characterKey('**Mr.  Darcy**') // 'mr darcy'
 */
export function characterKey(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim() || name.toLowerCase().trim()
  );
}
