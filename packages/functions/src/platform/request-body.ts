import { CommandError, invalidInput } from './command-error.ts';

/**
 * The JSON object a command was sent, read field by field with type checks. Wrong types are
 * collected and refused together by `done()`, before the command writes anything.
 */
export class RequestBody {
  private readonly problems: Record<string, string> = {};

  private constructor(private readonly values: Readonly<Record<string, unknown>>) {}

  static parse(text: string): RequestBody {
    if (text.trim() === '') return new RequestBody({});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new CommandError('invalid-input', 'The request body must be a JSON object.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new CommandError('invalid-input', 'The request body must be a JSON object.');
    }
    return new RequestBody(parsed as Record<string, unknown>);
  }

  has(name: string): boolean {
    return Object.hasOwn(this.values, name) && this.values[name] !== undefined;
  }

  /** A text field; absent or null reads as undefined. */
  text(name: string): string | undefined {
    const value = this.values[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    this.problems[name] = 'Please enter text';
    return undefined;
  }

  boolean(name: string): boolean | undefined {
    const value = this.values[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    this.problems[name] = 'Please choose yes or no';
    return undefined;
  }

  /** A number field; absent or null reads as undefined. */
  number(name: string): number | undefined {
    const value = this.values[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    this.problems[name] = 'Please enter a number';
    return undefined;
  }

  textList(name: string): string[] | undefined {
    const value = this.values[name];
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
    this.problems[name] = 'Please send a list of ids';
    return undefined;
  }

  /** A field as sent, for a nested value its command checks itself (absent or null reads as undefined). */
  unchecked(name: string): unknown {
    const value = this.values[name];
    return value === null ? undefined : value;
  }

  /** Refuses the request if a field had the wrong type. */
  done(): void {
    if (Object.keys(this.problems).length) throw invalidInput(this.problems);
  }
}
