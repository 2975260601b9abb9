import { DEFAULT_SETTINGS, type DeploymentSettings } from '@opportunity-kit/sdk/domain';

/**
 * The school's settings from the function's environment: `SCHOOL_DOMAIN` and `TEACHER_EMAILS`
 * (comma- or space-separated). Read per execution, so a changed variable applies without a redeploy.
 */
export function deploymentSettings(env: NodeJS.ProcessEnv = process.env): Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'> {
  const schoolDomain = env.SCHOOL_DOMAIN?.trim() || DEFAULT_SETTINGS.schoolDomain;
  const teacherEmails = (env.TEACHER_EMAILS ?? '').split(/[\s,;]+/).filter(Boolean);
  return { schoolDomain, teacherEmails };
}
