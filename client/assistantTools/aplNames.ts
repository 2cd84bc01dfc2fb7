/** APL text for names the tools put into queries of their own. */

/** `['name']`, which quotes any dataset or field name. */
export function quotedName(name: string): string {
  return `['${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
}
