import { requireKey } from '../../auth/identity.ts';
import { json, type RequestContext } from '../../http/context.ts';
import { AppwriteError, errors } from '../../http/errors.ts';
import type { Router } from '../../http/router.ts';
import { isRunnableRuntime, KNOWN_RUNTIMES } from '../registry/runtimes.ts';
import { SPECIFICATIONS } from '../registry/specifications.ts';

/** Appwrite's FunctionUseCases. */
const USE_CASES = ['starter', 'databases', 'ai', 'messaging', 'utilities', 'dev-tools', 'auth'];
const MAX_ARRAY = 100;

/** The runtimes this server runs, as `_APP_FUNCTIONS_RUNTIMES` would list them on a self-hosted Appwrite. */
const RUNTIMES = KNOWN_RUNTIMES.filter(isRunnableRuntime);

/**
 * The function templates: none here. Appwrite's catalogue is its own data (templates built from its
 * GitHub repositories, which a deployment downloads); the local backend offers no deployment from a
 * template, so it lists none, checking the list's params as Appwrite does.
 */
const templateNotFound = () => new AppwriteError(404, 'function_template_not_found', 'Function Template with the requested ID could not be found.');

function family(runtime: string): string {
  return runtime.slice(0, runtime.indexOf('-'));
}

function whitelistArray(ctx: RequestContext, name: string, allowed: readonly string[]): string[] {
  const values = ctx.params.stringArray(name) ?? [];
  if (values.length > MAX_ARRAY || values.some((value) => !allowed.includes(value))) {
    throw errors.argumentInvalid(
      `Invalid \`${name}\` param: Value must a valid array no longer than ${MAX_ARRAY} items and Value must be one of (${allowed.join(', ')})`,
    );
  }
  return values;
}

function listTemplates(ctx: RequestContext) {
  whitelistArray(ctx, 'runtimes', KNOWN_RUNTIMES);
  whitelistArray(ctx, 'useCases', USE_CASES);
  ctx.params.integer('limit', 25, { min: 1, max: 5000 });
  ctx.params.integer('offset', 0, { min: 0, max: 5000 });
  ctx.params.boolean('total', true);
  return json(200, { total: 0, templates: [] });
}

/** A runtime of the Runtime model; the image and base are those open-runtimes builds it on. */
function runtimeModel(id: string): Record<string, unknown> {
  const [key, version] = [family(id), id.slice(id.indexOf('-') + 1)];
  const node = key === 'node';
  return {
    $id: id,
    key,
    name: node ? 'Node.js' : 'Bun',
    version,
    base: node ? `node:${version}-alpine` : `oven/bun:${version}-alpine`,
    image: `openruntimes/${key}:v5-${version}`,
    logo: `${key}.png`,
    supports: ['amd64', 'arm64'],
  };
}

/**
 * The Functions API's catalogue: the runtimes this server runs (public), the compute specifications
 * (`functions.read`), and Appwrite's function templates (public).
 */
export function registerCatalogueRoutes(router: Router): void {
  router.get('/v1/functions/runtimes', () => json(200, { total: RUNTIMES.length, runtimes: RUNTIMES.map(runtimeModel) }));

  router.get('/v1/functions/specifications', (ctx) => {
    requireKey(ctx.caller, 'functions.read');
    return json(200, { total: SPECIFICATIONS.length, specifications: SPECIFICATIONS.map((specification) => ({ ...specification, enabled: true })) });
  });

  router.get('/v1/functions/templates', (ctx) => listTemplates(ctx));

  router.get('/v1/functions/templates/{templateId}', (ctx) => {
    const templateId = ctx.pathParams.templateId ?? '';
    if (templateId.length > 128)
      throw errors.argumentInvalid('Invalid `templateId` param: Value must be a valid string and at least 1 chars and no longer than 128 chars');
    throw templateNotFound();
  });
}
