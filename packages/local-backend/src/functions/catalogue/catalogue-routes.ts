import { readFileSync } from 'node:fs';
import { requireKey } from '../../auth/identity.ts';
import { json, type RequestContext } from '../../http/context.ts';
import { AppwriteError, errors } from '../../http/errors.ts';
import type { Router } from '../../http/router.ts';
import { isRunnableRuntime, KNOWN_RUNTIMES } from '../registry/runtimes.ts';
import { SPECIFICATIONS } from '../registry/specifications.ts';

/** One runtime family's build of a template: how Appwrite installs it and where its code is. */
interface TemplateBuild {
  commands: string;
  entrypoint: string;
  providerRootDirectory: string;
}

interface TemplateEntry {
  icon: string;
  id: string;
  name: string;
  score: number;
  tagline: string;
  permissions: string[];
  events: string[];
  cron: string;
  timeout: number;
  useCases: string[];
  /** Keyed by runtime family (`node`, `bun`); expanded to every version of that family this server runs. */
  builds: Record<string, TemplateBuild>;
  instructions: string;
  vcsProvider: string;
  providerRepositoryId: string;
  providerOwner: string;
  providerVersion: string;
  variables: unknown[];
  scopes: string[];
}

/** Appwrite's FunctionUseCases. */
const USE_CASES = ['starter', 'databases', 'ai', 'messaging', 'utilities', 'dev-tools', 'auth'];
const MAX_ARRAY = 100;

/** The runtimes this server runs, as `_APP_FUNCTIONS_RUNTIMES` would list them on a self-hosted Appwrite. */
const RUNTIMES = KNOWN_RUNTIMES.filter(isRunnableRuntime);

/**
 * Appwrite's function templates (app/config/templates/function.php), as data: the templates of
 * github.com/appwrite/templates that have a Node.js or Bun build, the only runtimes this server runs.
 */
let templates: TemplateEntry[] | undefined;
function catalogue(): TemplateEntry[] {
  templates ??= JSON.parse(readFileSync(new URL('./function-templates.json', import.meta.url), 'utf8')) as TemplateEntry[];
  return templates;
}

const templateNotFound = () => new AppwriteError(404, 'function_template_not_found', 'Function Template with the requested ID could not be found.');

function family(runtime: string): string {
  return runtime.slice(0, runtime.indexOf('-'));
}

/** Appwrite's TemplateFunction model, its runtimes one per version this server runs. */
function templateModel(template: TemplateEntry): Record<string, unknown> {
  const runtimes = RUNTIMES.flatMap((runtime) => {
    const build = template.builds[family(runtime)];
    return build ? [{ name: runtime, ...build }] : [];
  });
  const { builds: _builds, score: _score, ...rest } = template;
  return {
    icon: rest.icon,
    id: rest.id,
    name: rest.name,
    tagline: rest.tagline,
    permissions: rest.permissions,
    events: rest.events,
    cron: rest.cron,
    timeout: rest.timeout,
    useCases: rest.useCases,
    runtimes,
    instructions: rest.instructions,
    vcsProvider: rest.vcsProvider,
    providerRepositoryId: rest.providerRepositoryId,
    providerOwner: rest.providerOwner,
    providerVersion: rest.providerVersion,
    variables: rest.variables,
    scopes: rest.scopes,
  };
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
  const runtimes = whitelistArray(ctx, 'runtimes', KNOWN_RUNTIMES);
  const useCases = whitelistArray(ctx, 'useCases', USE_CASES);
  const limit = ctx.params.integer('limit', 25, { min: 1, max: 5000 });
  const offset = ctx.params.integer('offset', 0, { min: 0, max: 5000 });
  const includeTotal = ctx.params.boolean('total', true);
  const models = catalogue()
    .map(templateModel)
    .filter((template) => runtimes.length === 0 || (template.runtimes as Array<{ name: string }>).some((runtime) => runtimes.includes(runtime.name)))
    .filter((template) => useCases.length === 0 || (template.useCases as string[]).some((useCase) => useCases.includes(useCase)));
  const scores = new Map(catalogue().map((template) => [template.id, template.score]));
  models.sort((a, b) => (scores.get(b.id as string) ?? 0) - (scores.get(a.id as string) ?? 0));
  return json(200, { total: includeTotal ? models.length : 0, templates: models.slice(offset, offset + limit) });
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
    const template = catalogue().find((entry) => entry.id === templateId);
    if (!template) throw templateNotFound();
    return json(200, templateModel(template));
  });
}
