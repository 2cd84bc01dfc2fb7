import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { codeBlocksOf, type CodeBlock } from './codeBlocks.ts';
import { classify, isQueryBlock, type LeftOutReason } from './exampleFilter.ts';

/** Where the APL reference lives inside a checkout of the docs repository. */
export const referencePath = join('content', 'docs', '(query-reference)', 'apl');

export interface Example {
  block: CodeBlock;
}

export interface LeftOut {
  block: CodeBlock;
  reason: LeftOutReason;
  detail: string;
}

export interface Extraction {
  /** Every fenced block, by info word (`kusto`, `sql`, `(untagged)`, ...). */
  blocksByLanguage: Map<string, number>;
  examples: Example[];
  leftOut: LeftOut[];
}

/** Reads every `.mdx` page under the reference, in path order, and sorts its APL blocks. */
export function extractExamples(docsDirectory: string): Extraction {
  const root = join(docsDirectory, referencePath);
  const pages = (readdirSync(root, { recursive: true }) as string[]).filter((path) => path.endsWith('.mdx')).sort();
  const blocksByLanguage = new Map<string, number>();
  const examples: Example[] = [];
  const leftOut: LeftOut[] = [];
  for (const page of pages) {
    const file = relative(root, join(root, page));
    for (const block of codeBlocksOf(file, readFileSync(join(root, page), 'utf8'))) {
      const language = block.language || '(untagged)';
      blocksByLanguage.set(language, (blocksByLanguage.get(language) ?? 0) + 1);
      if (!isQueryBlock(block)) continue;
      const verdict = classify(block);
      if (verdict.kind === 'example') examples.push({ block });
      else leftOut.push({ block, reason: verdict.reason, detail: verdict.detail });
    }
  }
  return { blocksByLanguage, examples, leftOut };
}
