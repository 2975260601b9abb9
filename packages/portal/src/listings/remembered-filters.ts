import { NO_FILTERS, type JobBoardFilters } from '@opportunity-kit/widgets';

/**
 * A listing's filters kept per history entry (the router's location key), so Back from a posting
 * shows the listing as it was left, while a new visit to the listing starts with none set. Kept in
 * sessionStorage: it lasts as long as the tab's history does.
 */
const storageKey = (locationKey: string) => `opportunity-kit:listing-filters:${locationKey}`;

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isOptionalString = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';

/** Filters read back from storage, trusting nothing about what is there. */
function asFilters(value: unknown): JobBoardFilters | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { search, locations, clusters, startDate, endDate, sortByViews, privateOnly } = value as Record<string, unknown>;
  if (typeof search !== 'string' || !isStringList(locations) || !isStringList(clusters)) return undefined;
  if (!isOptionalString(startDate) || !isOptionalString(endDate) || typeof sortByViews !== 'boolean' || typeof privateOnly !== 'boolean') return undefined;
  return { search, locations, clusters, startDate, endDate, sortByViews, privateOnly };
}

/** The filters this history entry was left with, if any. */
export function rememberedFilters(locationKey: string, storage: Pick<Storage, 'getItem'> = sessionStorage): JobBoardFilters | undefined {
  try {
    const stored = storage.getItem(storageKey(locationKey));
    return stored ? asFilters(JSON.parse(stored)) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the filters of this history entry (storage that is full or blocked only loses the memory). */
export function rememberFilters(locationKey: string, filters: JobBoardFilters, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  try {
    storage.setItem(storageKey(locationKey), JSON.stringify({ ...NO_FILTERS, ...filters }));
  } catch {
    // Nothing to do: Back then shows the listing with the filters it starts with.
  }
}
