import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Role } from '@opportunity-kit/sdk/domain';
import { DEMO_DATA, DEMO_PASSWORDS, emailOf } from '../../../scripts/demo/demo-data.ts';
import { seedDemo } from '../../../scripts/demo/seed.ts';
import { startPortalServer } from '../../../scripts/portal-server.ts';
import { hermeticProjectRoot, SETTINGS } from '../../support/portal.ts';

/** One demo account, as a journey signs in with it. */
export interface DemoPerson {
  key: string;
  name: string;
  role: Role;
  email: string;
  password: string;
}

/** What the journeys need to know about the running portal (plain data: it crosses to the test workers). */
export interface DemoPortalInfo {
  /** The portal's origin, e.g. http://127.0.0.1:40123 (the API is at /v1 beside it). */
  url: string;
  /** The deployment's school e-mail domain: students are `1…@` it. */
  schoolDomain: string;
  /** Every demo account by its key in scripts/demo (maya, liam, nguyen, jordan, …). */
  people: Record<string, DemoPerson>;
  /** The project and its API key, for a journey that must move time (back-date a row), as no page can. */
  projectId: string;
  apiKey: string;
}

export interface DemoPortal extends DemoPortalInfo {
  close(): Promise<void>;
}

/**
 * The portal as `pnpm start` serves it: the same server function (the Vite build, rebuilt when its
 * sources changed, plus the local backend's /v1 on one port, provisioned from appwrite.config.json),
 * with the demo seed on. Unlike `pnpm start` it keeps the data in memory, takes a free port and runs
 * with the tests' own deployment settings and no AI keys, so a run never touches `.data/`, a running
 * `pnpm start`, a developer's `.env`, or the AI providers on the internet.
 */
export async function startDemoPortal(options: { logFile?: string } = {}): Promise<DemoPortal> {
  const logFile = options.logFile;
  if (logFile) mkdirSync(dirname(logFile), { recursive: true });
  const log = logFile ? (line: string) => appendFileSync(logFile, `${line}\n`) : () => {};
  const schoolDomain = SETTINGS.schoolDomain;
  // As a school deploys it: employer approval on (the seed approves its recruiters but one).
  const project = hermeticProjectRoot({ EMPLOYER_APPROVAL: 'on' });
  let server: Awaited<ReturnType<typeof startPortalServer>> | undefined;
  try {
    // The journeys sign the demo accounts in again and again from this machine: Appwrite's abuse limits are off.
    server = await startPortalServer({ mode: 'build', memory: true, port: 0, host: '127.0.0.1', projectRoot: project.root, log, abuseLimits: false });
    const { backend } = server;
    await seedDemo({ endpoint: backend.endpoint, projectId: backend.projectId, apiKey: backend.apiKey, schoolDomain, log });
    const people: Record<string, DemoPerson> = {};
    for (const person of DEMO_DATA.people) {
      people[person.key] = {
        key: person.key,
        name: person.name,
        role: person.role,
        email: emailOf(person, schoolDomain),
        password: DEMO_PASSWORDS[person.role],
      };
    }
    const running = server;
    return {
      url: backend.url,
      schoolDomain,
      people,
      projectId: backend.projectId,
      apiKey: backend.apiKey,
      close: async () => {
        await running.close();
        project.remove();
      },
    };
  } catch (error) {
    await server?.close();
    project.remove();
    throw error;
  }
}
