/** Where a byte stream is cut into segments of whole lines of about a given size. */

const newline = 0x0a;

/** A part of one chunk that belongs to the current segment. */
export interface Piece {
  bytes: Uint8Array;
  /**
   * Set when the segment ends after this piece: `line` at a newline, `forced` inside a line that
   * ran past the largest segment (such a segment cannot be read as lines on its own).
   */
  end?: 'line' | 'forced';
}

/**
 * Cuts chunks as they arrive. A segment ends at the first newline once it holds `size` bytes (the
 * first segment a quarter of that, so that storing can start early), or inside a line once it holds
 * `maxBytes`. Pieces are views of the chunks; nothing is copied.
 */
export class SegmentCutter {
  private size: number;
  /** Bytes in the current segment so far. */
  private bytes = 0;

  constructor(
    private readonly fullSize: number,
    private readonly maxBytes: number,
  ) {
    this.size = Math.max(1, Math.floor(fullSize / 4));
  }

  *cut(chunk: Uint8Array): Generator<Piece> {
    let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (this.bytes + rest.byteLength >= this.size) {
      // The first newline at or past the size mark within this chunk.
      const cut = rest.indexOf(newline, Math.max(0, this.size - this.bytes - 1));
      if (cut < 0) break;
      yield { bytes: rest.subarray(0, cut + 1), end: 'line' };
      this.startSegment();
      rest = rest.subarray(cut + 1);
    }
    if (rest.byteLength === 0) return;
    this.bytes += rest.byteLength;
    if (this.bytes >= this.maxBytes) {
      yield { bytes: rest, end: 'forced' };
      this.startSegment();
    } else {
      yield { bytes: rest };
    }
  }

  private startSegment(): void {
    this.bytes = 0;
    this.size = this.fullSize;
  }
}
