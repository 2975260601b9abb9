import { BUCKETS, DATABASE_ID, TABLES, type ResumeOnFile } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember } from '../../platform/caller.ts';
import { ownedFile } from '../../portal/owned-files.ts';
import type { ApplicationRow } from '../../portal/rows.ts';
import type { AiCommand } from '../ai-deps.ts';

/** How many of the member's latest applications are looked through: a student sends a handful of resumes. */
const APPLICATIONS_READ = 100;

/**
 * GET /resumes: the resumes the caller already sent with their applications, newest first, each once
 * with the postings it went to, so the resume review offers them instead of asking for the same file
 * again. Only files still in `resumes` and still the caller's own are listed (a withdrawn application's
 * resume may be gone).
 */
export const resumesOnFileRoute: AiCommand = async ({ caller, api }) => {
  const member = requireMember(caller);
  const { rows } = await api.tables.listRows<ApplicationRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.applications,
    queries: [
      Query.equal('applicantId', member.id),
      Query.select(['$id', '$createdAt', 'jobTitle', 'resumeFileId']),
      Query.orderDesc('$createdAt'),
      Query.limit(APPLICATIONS_READ),
    ],
    total: false,
  });
  const byFile = new Map<string, { sentWith: string[]; sentAt: string }>();
  for (const row of rows) {
    if (!row.resumeFileId) continue;
    const entry = byFile.get(row.resumeFileId) ?? { sentWith: [], sentAt: row.$createdAt };
    entry.sentWith.push(row.jobTitle);
    byFile.set(row.resumeFileId, entry);
  }
  const listed = await Promise.all(
    [...byFile].map(async ([fileId, sent]): Promise<ResumeOnFile | null> => {
      const file = await ownedFile(api.storage, BUCKETS.resumes, fileId, member.id);
      return file ? { fileId, fileName: file.name, ...sent } : null;
    }),
  );
  return listed.filter((resume) => resume !== null);
};
