/**
 * Answers the service commands' prompts from a script, in order, the way a user would: quick picks
 * by the labels on offer, input boxes by typing a value that must pass the box's own validation
 * (after values it must reject). Installed through the extension's testing hook.
 */
import type * as vscode from 'vscode';
import type { Prompts } from '../../../client/prompts.ts';

export type PromptStep =
  | { pick: string[]; title: string }
  | { input: string; title: string; rejects?: string[] }
  /** The prompt is dismissed, as Escape does. */
  | { cancel: string }
  | { notice: RegExp; answer?: string };

export interface Notice {
  message: string;
  detail: string | undefined;
}

type Item = string | vscode.QuickPickItem;

export class ScriptedPrompts implements Prompts {
  /** What went against the script; the commands swallow thrown errors, so tests assert this is empty. */
  readonly problems: string[] = [];
  /** Labels each quick pick offered, by title. */
  readonly offered = new Map<string, string[]>();
  readonly notices: Notice[] = [];
  private readonly steps: PromptStep[];

  constructor(steps: PromptStep[]) {
    this.steps = [...steps];
  }

  get remaining(): number {
    return this.steps.length;
  }

  showQuickPick = (async (items: readonly Item[] | Thenable<readonly Item[]>, options?: vscode.QuickPickOptions) => {
    const title = options?.title ?? '';
    const step = this.next(`quick pick "${title}"`);
    const list = await items;
    const label = (item: Item) => (typeof item === 'string' ? item : item.label);
    this.offered.set(title, list.map(label));
    if ('cancel' in step && title.includes(step.cancel)) return undefined;
    if (!('pick' in step) || !title.includes(step.title)) return this.fail(`quick pick "${title}" came where the script has ${JSON.stringify(step)}`);
    const chosen = step.pick.map((wanted) => list.find((item) => label(item) === wanted) ?? wanted);
    const missing = chosen.filter((item) => typeof item === 'string' && !list.includes(item) && !list.some((each) => label(each) === item));
    if (missing.length > 0) return this.fail(`quick pick "${title}" does not offer ${missing.join(', ')} (it offers ${list.map(label).join(', ')})`);
    return options?.canPickMany ? chosen : chosen[0];
  }) as Prompts['showQuickPick'];

  showInputBox = (async (options?: vscode.InputBoxOptions) => {
    const title = options?.title ?? '';
    const step = this.next(`input box "${title}"`);
    if ('cancel' in step && title.includes(step.cancel)) return undefined;
    if (!('input' in step) || !title.includes(step.title)) return this.fail(`input box "${title}" came where the script has ${JSON.stringify(step)}`);
    const validate = async (value: string) => {
      const verdict = await options?.validateInput?.(value);
      return typeof verdict === 'string' ? verdict : (verdict?.message ?? '');
    };
    for (const bad of step.rejects ?? []) {
      if (!(await validate(bad))) return this.fail(`input box "${title}" accepted ${JSON.stringify(bad)}`);
    }
    const message = await validate(step.input);
    if (message) return this.fail(`input box "${title}" rejected ${JSON.stringify(step.input)}: ${message}`);
    return step.input;
  }) as Prompts['showInputBox'];

  showInformationMessage = (async (message: string, ...rest: unknown[]) => {
    const options = typeof rest[0] === 'object' && rest[0] !== null && !('title' in rest[0]) ? (rest[0] as vscode.MessageOptions) : undefined;
    this.notices.push({ message, detail: options?.detail });
    const step = this.steps[0];
    if (step && 'notice' in step && step.notice.test(message)) {
      this.steps.shift();
      return step.answer;
    }
    return undefined;
  }) as Prompts['showInformationMessage'];

  private next(what: string): PromptStep {
    const step = this.steps.shift();
    if (!step) return this.fail(`${what} came after the end of the script`);
    return step;
  }

  private fail(problem: string): never {
    this.problems.push(problem);
    throw new Error(problem);
  }
}
