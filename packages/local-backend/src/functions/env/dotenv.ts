import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*/;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/**
 * Parses a `.env` file: `KEY=value` lines, `#` comments, optional `export `, single quotes taken
 * literally, double quotes with `\n`-style escapes and line breaks, unquoted values trimmed and cut
 * at ` #`. Lines that are not assignments are ignored, as dotenv does.
 */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trimStart();
    if (line === '' || line.startsWith('#')) continue;
    const match = KEY.exec(line);
    if (!match) continue;
    const key = match[1] as string;
    let rest = line.slice(match[0].length);
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      // A quoted value may span lines until its closing quote.
      let body = rest.slice(1);
      while (!hasClosingQuote(body, quote) && i + 1 < lines.length) body += `\n${lines[++i] as string}`;
      values[key] = quote === '"' ? unescapeDouble(body) : body.slice(0, Math.max(0, body.indexOf("'")));
      continue;
    }
    const comment = rest.search(/\s#/);
    if (comment >= 0) rest = rest.slice(0, comment);
    values[key] = rest.trim();
  }
  return values;
}

function hasClosingQuote(body: string, quote: string): boolean {
  for (let i = 0; i < body.length; i++) {
    if (quote === '"' && body[i] === '\\') i++;
    else if (body[i] === quote) return true;
  }
  return false;
}

function unescapeDouble(body: string): string {
  let value = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (char === '"') break;
    if (char === '\\' && i + 1 < body.length) {
      const next = body[++i] as string;
      value += ESCAPES[next] ?? `\\${next}`;
    } else {
      value += char;
    }
  }
  return value;
}

/** The project's git-ignored `.env` (deployment settings and secrets for functions), or nothing. */
export function loadDotenv(projectRoot: string | undefined): Record<string, string> {
  if (!projectRoot) return {};
  const path = join(projectRoot, '.env');
  return existsSync(path) ? parseDotenv(readFileSync(path, 'utf8')) : {};
}
