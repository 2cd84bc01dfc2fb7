import type { LineIndex } from '../../language/index.ts';

/**
 * A query the engine refuses: invalid APL (with the language core's words and 1-based position),
 * an unimplemented function or operator, or a dataset the caller may not read. Always a 400.
 */
export class AplQueryError extends Error {
  readonly status = 400;
  constructor(
    message: string,
    /** 1-based; 0 when the problem has no place in the text. */
    readonly line: number,
    readonly column: number,
    readonly kind: 'syntax' | 'semantic' | 'unsupported' | 'forbidden' | 'execution',
  ) {
    super(line > 0 ? `line: ${line}, col: ${column}: ${message}` : message);
    this.name = 'AplQueryError';
  }

  /** The words without the position prefix. */
  get rawMessage(): string {
    return this.message.replace(/^line: \d+, col: \d+: /, '');
  }
}

/** Raises errors at AST offsets, translated to 1-based line/column. */
export class ErrorSink {
  constructor(private readonly lineIndex: LineIndex) {}

  at(offset: number, message: string, kind: AplQueryError['kind'] = 'unsupported'): AplQueryError {
    const position = this.lineIndex.positionAt(offset);
    return new AplQueryError(message, position.line + 1, position.character + 1, kind);
  }
}
