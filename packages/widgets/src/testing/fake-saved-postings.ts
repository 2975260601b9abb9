import { PortalError } from '@opportunity-kit/sdk';
import { ALERT_LIMITS, ALERT_MESSAGES, validateAlertCriteria, type AlertCriteria, type Alert, type Job, type SavedPosting } from '@opportunity-kit/sdk/domain';
import { aJob } from './a-job.ts';
import type { SavedApi } from '../saved-postings/saved-marks.ts';
import type { SavedSearchesApi } from '../saved-postings/saved-postings-controller.ts';

/** A saved posting as the SDK lists it, from a posting (`aJob` by default). */
export function aSavedPosting(overrides: Partial<SavedPosting> & { job?: Job | null } = {}): SavedPosting {
  const job = overrides.job === undefined ? aJob() : overrides.job;
  return {
    jobId: job?.id ?? 'removed-job',
    title: job?.title ?? 'Removed posting',
    company: job?.company ?? 'Bean There Cafe',
    postingType: job?.postingType ?? 'Job',
    applicationDeadline: job?.applicationDeadline ?? null,
    savedAt: '2026-11-20T10:00:00.000+00:00',
    status: job ? 'open' : 'removed',
    job,
    ...overrides,
  };
}

/** A saved search as the SDK lists it. */
export function anAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'alert1',
    createdAt: '2026-11-20T10:00:00.000+00:00',
    search: null,
    postingTypes: [],
    locations: [],
    clusters: [],
    startDate: null,
    endDate: null,
    ...overrides,
  };
}

type SavedCall = 'save' | 'unsave' | 'list' | 'listAlerts' | 'create' | 'remove';

/**
 * An in-memory stand-in for the SDK's `saved` and `alerts` modules: saves and alerts kept in memory
 * with the server's rules (at most 20 searches, each with a criterion), and calls that can be told to
 * fail or to wait until released.
 */
export interface FakeSavedPostings {
  saved: SavedApi;
  alerts: SavedSearchesApi & { create(criteria: AlertCriteria): Promise<Alert> };
  fail(call: SavedCall, error?: PortalError): void;
  /** Makes a failing call answer again. */
  recover(call: SavedCall): void;
  hold(call: SavedCall): { release(): void };
  readonly calls: Array<{ call: SavedCall; args: unknown[] }>;
  savedIds(): string[];
  alertList(): Alert[];
}

export function fakeSavedPostings(initialSaved: SavedPosting[] = [], initialAlerts: Alert[] = []): FakeSavedPostings {
  let saved = [...initialSaved];
  let alerts = [...initialAlerts];
  let nextAlert = initialAlerts.length + 1;
  const failures = new Map<SavedCall, PortalError>();
  const holds = new Map<SavedCall, Promise<void>>();
  const calls: FakeSavedPostings['calls'] = [];

  async function run<T>(call: SavedCall, args: unknown[], answer: () => T): Promise<T> {
    calls.push({ call, args });
    await (holds.get(call) ?? Promise.resolve());
    const failure = failures.get(call);
    if (failure) throw failure;
    return answer();
  }

  return {
    calls,
    savedIds: () => saved.map((posting) => posting.jobId),
    alertList: () => [...alerts],
    fail: (call, error = new PortalError('network')) => void failures.set(call, error),
    recover: (call) => void failures.delete(call),
    hold(call) {
      let release = () => {};
      holds.set(
        call,
        new Promise<void>((resolve) => {
          release = () => {
            holds.delete(call);
            resolve();
          };
        }),
      );
      return { release: () => release() };
    },
    saved: {
      save: (jobId) =>
        run('save', [jobId], () => {
          const posting = saved.find((entry) => entry.jobId === jobId) ?? aSavedPosting({ job: aJob({ id: jobId }) });
          saved = [posting, ...saved.filter((entry) => entry.jobId !== jobId)];
          return posting;
        }),
      unsave: (jobId) =>
        run('unsave', [jobId], () => {
          saved = saved.filter((entry) => entry.jobId !== jobId);
          return { id: jobId };
        }),
      list: () => run('list', [], () => [...saved]),
    },
    alerts: {
      create: (criteria) =>
        run('create', [criteria], () => {
          const checked = validateAlertCriteria(criteria);
          if (!checked.ok) throw new PortalError('invalid-input', Object.values(checked.errors)[0]);
          if (alerts.length >= ALERT_LIMITS.perStudent) throw new PortalError('invalid-input', ALERT_MESSAGES.tooMany);
          const alert = anAlert({ id: `alert${nextAlert++}`, ...checked.value });
          alerts = [...alerts, alert];
          return alert;
        }),
      list: () => run('listAlerts', [], () => [...alerts]),
      remove: (id) =>
        run('remove', [id], () => {
          alerts = alerts.filter((alert) => alert.id !== id);
          return { id };
        }),
    },
  };
}
