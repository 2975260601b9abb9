import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

/**
 * A portal module compiled by Vite for Node, for what the build renders ahead of time. The workspace
 * packages resolve to their sources, as in the app: a fresh clone has no package build. `runnerImport`
 * runs the module in an environment of its own (`inline`), whose resolve conditions are its own too.
 */
export async function loadForNode<T>(url: URL): Promise<T> {
  const { module } = await runnerImport<T>(fileURLToPath(url), {
    configFile: false,
    logLevel: 'warn',
    environments: { inline: { resolve: { conditions: ['source'], externalConditions: ['source'] } } },
  });
  return module;
}
