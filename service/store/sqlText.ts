/** Quoting for SQL text the service builds: identifiers and string literals. */

export function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function quoteString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
