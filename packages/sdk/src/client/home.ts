import type { HomeRequest, HomeSummary, WorkCounts } from '../domain/wire/home.ts';
import type { PortalContext } from './context.ts';

/** Each role's home page and the counts on the navigation (issue 24): what waits for the signed-in member. @public */
export interface HomeModule {
  /**
   * The member's home page: what waits for them; their schools' students at a glance (staff); their
   * postings with the applicants new since `since` (their previous visit) and their response time
   * (whoever posts); their schools' figures and waiting staff requests (administrators).
   */
  summary(since?: string): Promise<HomeSummary>;
  /** What waits for the member, for the counts on the navigation items that hold it. */
  counts(): Promise<WorkCounts>;
}

export function createHome(context: Pick<PortalContext, 'command'>): HomeModule {
  return {
    summary: (since) => context.command<HomeSummary>('GET', '/home', (since ? { since } : {}) satisfies HomeRequest),
    counts: () => context.command<WorkCounts>('GET', '/home/counts'),
  };
}
