/**
 * Appwrite 1.9's runtime catalogue (open-runtimes v5), as the `runtime` param's whitelist. An id
 * outside it fails the param; an id inside it that this server cannot run is refused as a
 * self-hosted Appwrite refuses a runtime left out of `_APP_FUNCTIONS_RUNTIMES`.
 */
// prettier-ignore
const CATALOGUE = [
  'node-14.5', 'node-16.0', 'node-18.0', 'node-19.0', 'node-20.0', 'node-21.0', 'node-22', 'node-23', 'node-24', 'node-25',
  'php-8.0', 'php-8.1', 'php-8.2', 'php-8.3', 'php-8.4',
  'ruby-3.0', 'ruby-3.1', 'ruby-3.2', 'ruby-3.3', 'ruby-3.4', 'ruby-4.0',
  'python-3.8', 'python-3.9', 'python-3.10', 'python-3.11', 'python-3.12', 'python-3.13', 'python-3.14',
  'deno-1.40', 'deno-1.46', 'deno-2.0', 'deno-2.5', 'deno-2.6',
  'dart-2.15', 'dart-2.16', 'dart-2.17', 'dart-2.18', 'dart-2.19', 'dart-3.0', 'dart-3.1', 'dart-3.3', 'dart-3.5', 'dart-3.8',
  'dart-3.9', 'dart-3.10', 'dart-3.11', 'dart-3.12',
  'dotnet-6.0', 'dotnet-7.0', 'dotnet-8.0', 'dotnet-10',
  'java-8.0', 'java-11.0', 'java-17.0', 'java-18.0', 'java-21.0', 'java-22', 'java-25',
  'swift-5.5', 'swift-5.8', 'swift-5.9', 'swift-5.10', 'swift-6.2',
  'kotlin-1.6', 'kotlin-1.8', 'kotlin-1.9', 'kotlin-2.0', 'kotlin-2.3',
  'cpp-17', 'cpp-20',
  'bun-1.0', 'bun-1.1', 'bun-1.2', 'bun-1.3',
  'go-1.23', 'go-1.24', 'go-1.25', 'go-1.26',
  'rust-1.83', 'static-1',
  'flutter-3.24', 'flutter-3.27', 'flutter-3.29', 'flutter-3.32', 'flutter-3.35', 'flutter-3.38', 'flutter-3.41', 'flutter-3.44',
] as const;

/**
 * The runtimes this server runs: JavaScript modules imported into its own Node.js process, which
 * is what a Node.js or Bun function bundled to plain ES modules needs (the product's bundles are).
 */
const RUNNABLE_FAMILIES = new Set(['node', 'bun']);

export function isKnownRuntime(runtime: string): boolean {
  return (CATALOGUE as readonly string[]).includes(runtime);
}

export function isRunnableRuntime(runtime: string): boolean {
  return isKnownRuntime(runtime) && RUNNABLE_FAMILIES.has(runtime.slice(0, runtime.indexOf('-')));
}

export const KNOWN_RUNTIMES: readonly string[] = CATALOGUE;

/** Appwrite's APP_COMPUTE_SPECIFICATION_DEFAULT: what a function runs on when it names no specification. */
export const DEFAULT_SPECIFICATION = 's-1vcpu-512mb';
