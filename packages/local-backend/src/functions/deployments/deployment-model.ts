import { formatAtLeast } from '../../http/context.ts';
import { formatDate } from '../../models/time.ts';
import type { DeploymentRecord } from './deployment-store.ts';

/**
 * Appwrite 1.9's Deployment model in the caller's response format (before 1.7.0: `size` and
 * `buildTime` instead of `sourceSize` and `buildDuration`, without totals or screenshots).
 */
export function deploymentModel(deployment: DeploymentRecord, format: string): Record<string, unknown> {
  const model: Record<string, unknown> = {
    $id: deployment.id,
    $createdAt: formatDate(deployment.createdAt),
    $updatedAt: formatDate(deployment.updatedAt),
    type: deployment.type,
    resourceId: deployment.functionId,
    resourceType: 'functions',
    entrypoint: deployment.entrypoint,
    sourceSize: deployment.sourceSize,
    buildSize: deployment.buildSize,
    totalSize: deployment.sourceSize + deployment.buildSize,
    buildId: '',
    activate: deployment.activate,
    screenshotLight: '',
    screenshotDark: '',
    status: deployment.status,
    buildLogs: deployment.buildLogs,
    buildDuration: deployment.buildDuration,
    providerRepositoryName: '',
    providerRepositoryOwner: '',
    providerRepositoryUrl: '',
    providerCommitHash: '',
    providerCommitAuthorUrl: '',
    providerCommitAuthor: '',
    providerCommitMessage: '',
    providerCommitUrl: '',
    providerBranch: '',
    providerBranchUrl: '',
  };
  if (!formatAtLeast(format, '1.7.0')) {
    model.size = deployment.sourceSize;
    model.buildTime = deployment.buildDuration;
    for (const key of ['sourceSize', 'buildDuration', 'totalSize', 'screenshotLight', 'screenshotDark']) delete model[key];
  }
  return model;
}
