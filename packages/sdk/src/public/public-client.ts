import type { PostingType } from '../domain/constants.ts';
import type { Job } from '../domain/entities.ts';
import { BUCKETS, DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import { JOB_COLUMNS, toJob, type WireRow } from '../domain/wire/rows.ts';
import { unregisteredOrigin, unregisteredOriginMessage } from '../domain/wire/unregistered-origin.ts';
import { PublicClientError } from './public-error.ts';

/**
 * A read-only client for PUBLIC postings that speaks Appwrite's REST API with `fetch` alone, for
 * pages where the official SDK would weigh more than the whole embed may. It never sends cookies,
 * so Appwrite answers as to a guest: rows readable by `any`, which are exactly the public postings.
 */

/** @public */
export interface PublicClientOptions {
  /** The Appwrite endpoint including `/v1`, for example `http://127.0.0.1:4000/v1`. */
  endpoint: string;
  /** The Appwrite project id. */
  project: string;
  /** A `fetch` to use instead of the global one (tests, server rendering). */
  fetch?: typeof fetch;
}

/** @public */
export interface PublicJobQuery {
  postingType?: PostingType;
  /** Free text, matched by the server's full-text index over title, company, location, cluster, description and salary. */
  search?: string;
  location?: string;
  /** Most viewed first (then newest), as the listing's "Sort based on Views" switch; default newest first. */
  sortByViews?: boolean;
  /** Postings per page, 1 to 100; default 12. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

/** @public */
export interface PublicJobPage {
  jobs: Job[];
  /** Matching public postings in all pages (Appwrite caps the count at 5000). */
  total: number;
  /** Pass as `cursor` for the next page; `null` on the last page. */
  nextCursor: string | null;
}

/** @public */
export interface PublicClient {
  listJobs(query?: PublicJobQuery): Promise<PublicJobPage>;
  /** One public posting; a missing or private one throws `PublicClientError` with code `not-found`. */
  getJob(id: string): Promise<Job>;
  /** The URL of a posting's image, or `null` when it has none. */
  imageUrl(job: Pick<Job, 'imageFileId'>): string | null;
}

type WireQuery = { method: string; attribute?: string; values?: unknown[] };

const select: WireQuery = { method: 'select', values: [...JOB_COLUMNS] };

/** @public */
export function createPublicClient(options: PublicClientOptions): PublicClient {
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const rowsPath = `${endpoint}/tablesdb/${DATABASE_ID}/tables/${TABLES.jobs}/rows`;

  async function get<T>(url: string, queries: WireQuery[]): Promise<T> {
    const params = new URLSearchParams();
    queries.forEach((query, index) => params.append(`queries[${index}]`, JSON.stringify(query)));
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`${url}?${params}`, {
        headers: { 'X-Appwrite-Project': options.project },
        credentials: 'omit',
      });
    } catch (cause) {
      const origin = await unregisteredOrigin(endpoint, options.fetch);
      if (origin) throw new PublicClientError('unregistered-origin', unregisteredOriginMessage(origin));
      throw new PublicClientError('network', `Could not reach ${endpoint}: ${(cause as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as T & { message?: string; type?: string };
    if (response.ok) return body;
    throw new PublicClientError(
      body.type === 'row_not_found' ? 'not-found' : 'request-failed',
      body.message ?? `Request failed with status ${response.status}`,
      response.status,
      body.type,
    );
  }

  return {
    async listJobs(query = {}) {
      const limit = Math.min(Math.max(Math.trunc(query.limit ?? 12), 1), 100);
      const search = query.search?.trim();
      // Assigned postings are for one student and the teachers, never the public board; closed and filled ones take no applications.
      const queries: WireQuery[] = [
        select,
        { method: 'equal', attribute: 'visible', values: [true] },
        { method: 'isNull', attribute: 'assignedAt' },
        { method: 'isNull', attribute: 'closedAs' },
      ];
      if (query.postingType) queries.push({ method: 'equal', attribute: 'postingType', values: [query.postingType] });
      if (query.location) queries.push({ method: 'equal', attribute: 'location', values: [query.location] });
      if (search) queries.push({ method: 'search', attribute: 'searchText', values: [search] });
      if (query.sortByViews) queries.push({ method: 'orderDesc', attribute: 'viewCount' });
      queries.push({ method: 'orderDesc', attribute: '$createdAt' });
      if (query.cursor) queries.push({ method: 'cursorAfter', values: [query.cursor] });
      // One row beyond the page tells whether another page exists, without a page that comes back empty.
      queries.push({ method: 'limit', values: [limit + 1] });
      const list = await get<{ total: number; rows: WireRow[] }>(rowsPath, queries);
      const rows = list.rows.slice(0, limit);
      return {
        jobs: rows.map(toJob),
        total: list.total,
        nextCursor: list.rows.length > limit ? rows[rows.length - 1]!.$id : null,
      };
    },

    async getJob(id) {
      return toJob(await get<WireRow>(`${rowsPath}/${encodeURIComponent(id)}`, [select]));
    },

    imageUrl({ imageFileId }) {
      if (!imageFileId) return null;
      const file = encodeURIComponent(imageFileId);
      return `${endpoint}/storage/buckets/${BUCKETS.jobImages}/files/${file}/view?project=${encodeURIComponent(options.project)}`;
    },
  };
}
