/**
 * `check_apl`: the language core's diagnostics of a query, positions 1-based, with the "did you
 * mean" candidates, and the columns the query produces when it has no error. Pure.
 */
import { analyzeDocument, getDiagnostics, getResultShape, parseDocument, type Schema, type Severity } from '../../language/index.ts';

export interface Problem {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units as editors count. */
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
  didYouMean: string[];
}

export interface QueryCheck {
  problems: Problem[];
  errors: number;
  /** The columns of the result, when the query has no error and the analyzer followed it to the end. */
  columns?: { name: string; type: string }[];
  /** More columns than listed may come out (a dataset the schema does not describe). */
  open?: boolean;
  /** Whether a schema was known: without one, unknown datasets and columns go unnoticed. */
  schemaKnown: boolean;
}

const maxProblems = 20;

export function checkQuery(apl: string, schema: Schema | undefined): QueryCheck {
  const analyzed = analyzeDocument(parseDocument(apl), schema);
  const problems: Problem[] = getDiagnostics(analyzed).map(({ range, severity, code, message, replacements }) => ({
    line: range.start.line + 1,
    column: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
    severity,
    code,
    message,
    didYouMean: replacements ?? [],
  }));
  if (analyzed.parsed.root.queries.length > 1) {
    const second = analyzed.parsed.root.queries[1]!;
    const at = analyzed.parsed.lineIndex.positionAt(second.start);
    problems.push({
      line: at.line + 1,
      column: at.character + 1,
      endLine: at.line + 1,
      endColumn: at.character + 1,
      severity: 'error',
      code: 'several-queries',
      message: 'A blank line starts a second query: give one query at a time (remove the blank lines inside it).',
      didYouMean: [],
    });
  }
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const check: QueryCheck = { problems, errors, schemaKnown: schema !== undefined };
  if (errors === 0) {
    const shape = getResultShape(analyzed);
    if (shape && (shape.columns.length > 0 || !shape.open)) {
      check.columns = shape.columns.map(({ name, type }) => ({ name, type }));
      check.open = shape.open;
    }
  }
  return check;
}

/** The problems one a line, `line:column severity [code]: message (did you mean: a, b)`. */
export function problemLines(problems: readonly Problem[]): string[] {
  const shown = problems.slice(0, maxProblems).map((problem) => {
    // The message often names the best candidate already; the others are added after it.
    const others = problem.didYouMean.slice(0, 5).filter((candidate) => !problem.message.includes(`'${candidate}'`));
    const suggestion = others.length > 0 ? ` (did you mean: ${others.join(', ')})` : '';
    return `- line ${problem.line}, column ${problem.column}: ${problem.severity} [${problem.code}]: ${problem.message}${suggestion}`;
  });
  if (problems.length > maxProblems) shown.push(`- … and ${problems.length - maxProblems} more`);
  return shown;
}

/** The whole check as text for a model. */
export function describeCheck(check: QueryCheck): string {
  const lines: string[] = [];
  const warnings = check.problems.length - check.errors;
  lines.push(
    check.errors > 0
      ? `The query has ${check.errors} error${check.errors === 1 ? '' : 's'}${warnings > 0 ? ` and ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}:`
      : check.problems.length > 0
        ? `The query is valid, with ${warnings} warning${warnings === 1 ? '' : 's'}:`
        : 'The query is valid.',
  );
  lines.push(...problemLines(check.problems));
  if (!check.schemaKnown) lines.push('(Checked without the service\'s schema: unknown datasets and columns were not looked for.)');
  if (check.columns) {
    lines.push('', `Output columns${check.open ? ' (more may come: part of the schema is unknown)' : ''}:`);
    lines.push(check.columns.length > 0 ? check.columns.map((column) => `${column.name}: ${column.type}`).join(', ') : '(none known)');
  }
  return lines.join('\n');
}
