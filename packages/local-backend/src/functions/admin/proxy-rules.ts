import { requireKey } from '../../auth/identity.ts';
import { json } from '../../http/context.ts';
import type { Router } from '../../http/router.ts';

/**
 * `GET /v1/proxy/rules` (API key, `rules.read`): the custom domains that route to functions and
 * sites. The local backend serves no such domain, so the list is always empty; the Appwrite CLI
 * asks for it after each function deployment to print the function's URL, and an unknown route
 * would mark the deployment failed in its output.
 */
export function registerProxyRuleRoutes(router: Router): void {
  router.get('/v1/proxy/rules', (ctx) => {
    requireKey(ctx.caller, 'rules.read');
    // The queries are accepted but there is nothing to filter.
    ctx.params.stringArray('queries', { max: 100 });
    return json(200, { total: 0, rules: [] });
  });
}
