// Filling a message's `{name}` placeholders: shared by the words (i18n.ts) and the errors (karya-error.ts),
// which cannot import each other (the words register with the language table, whose errors are Karya errors).

/**
 * Fill `{name}` placeholders from `vars`; a placeholder without a value stays as written.
 * @example fillPlaceholders('Chapter {n}', { n: 3 }) // 'Chapter 3'
 */
export function fillPlaceholders(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, k: string) => {
    const value = Object.hasOwn(vars, k) ? vars[k] : undefined;
    return value === undefined ? whole : String(value);
  });
}
