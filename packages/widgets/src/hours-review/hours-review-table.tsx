import { memo, useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import { formatHours, spokenDate } from '@opportunity-kit/sdk/domain';
import { HoursReviewEntry } from './hours-review-entry.tsx';
import { studentNameOf, type HoursReviewSort, type HoursSortColumn } from './hours-review-filters.ts';
import type { HoursReviewDraft, HoursReviewProgress } from './hours-review-model.ts';

/** The words of each status in the table, as the entry's flag says them. */
export const STATUS_TEXT: Record<ServiceHoursEntry['status'], string> = {
  confirmed: 'Confirmed',
  disputed: 'Disputed by the supervisor',
  pending: 'Waiting for the supervisor',
  approved: 'Approved',
  partial: 'Partially approved',
  declined: 'Declined',
};

const COLUMNS: ReadonlyArray<{ column: HoursSortColumn; label: string }> = [
  { column: 'student', label: 'Student' },
  { column: 'organisation', label: 'Organisation' },
  { column: 'date', label: 'Date' },
  { column: 'hours', label: 'Hours' },
  { column: 'status', label: 'Status' },
];

/** Columns of a row: the checkbox, the five facts and the Details button. */
const COLUMN_COUNT = COLUMNS.length + 2;

interface HoursReviewTableProps {
  /** The rows to render (the first `rowLimit` of what the filters keep). */
  rows: readonly ServiceHoursEntry[];
  /** How many entries the filters keep in all. */
  total: number;
  sort: HoursReviewSort;
  selectedIds: ReadonlySet<string>;
  /** The confirmed entries the filters keep, which the header checkbox chooses. */
  selectableIds: readonly string[];
  review: HoursReviewProgress;
  onSort(column: HoursSortColumn): void;
  onToggle(entryId: string): void;
  onToggleAll(): void;
  onReview(entryId: string, draft: HoursReviewDraft): void;
  onShowMore(): void;
}

/**
 * The queue as a compact table, one row per entry. A row's Details button (or a click anywhere on the
 * row) opens the entry's facts and decision form below it; only confirmed entries can be chosen for
 * approval together. Rendered in a container of its own that scrolls sideways on a narrow screen, so the
 * page never does.
 */
export function HoursReviewTable(props: HoursReviewTableProps) {
  const { rows, total, sort, selectedIds, selectableIds, review } = props;
  const id = useId();
  const [openId, setOpenId] = useState<string | null>(null);
  const allBox = useRef<HTMLInputElement>(null);
  const chosen = selectableIds.filter((entryId) => selectedIds.has(entryId)).length;
  const all = selectableIds.length > 0 && chosen === selectableIds.length;
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  // Stable, so the memoised rows that did not change are not rendered again.
  const toggleOpen = useCallback((entryId: string) => setOpenId((current) => (current === entryId ? null : entryId)), []);

  return (
    <>
      <div className="ok-hours-review__table-scroll">
        <table className="ok-hours-review__table">
          <caption id={`${id}-caption`} className="ok-hours-review__caption">
            Entries awaiting a decision{' '}
            <span className="ok-hours-review__count">{rows.length < total ? `(showing ${rows.length} of ${total})` : `(${total})`}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="ok-hours-review__select">
                <input
                  ref={allBox}
                  type="checkbox"
                  aria-label="Select all confirmed"
                  checked={all}
                  disabled={selectableIds.length === 0}
                  onChange={props.onToggleAll}
                />
              </th>
              {COLUMNS.map(({ column, label }) => (
                <th key={column} scope="col" aria-sort={sort.column === column ? sort.direction : undefined}>
                  <button type="button" className="ok-hours-review__sort" onClick={() => props.onSort(column)}>
                    {label}
                    <span aria-hidden="true" className="ok-hours-review__sort-mark">
                      {sort.column === column ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col">
                <span className="ok-visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <HoursReviewRow
                key={entry.id}
                entry={entry}
                detailId={`${id}-${entry.id}`}
                selected={selectedIds.has(entry.id)}
                open={openId === entry.id}
                review={openId === entry.id ? review : IDLE}
                onToggle={props.onToggle}
                onOpen={toggleOpen}
                onReview={props.onReview}
              />
            ))}
          </tbody>
        </table>
      </div>
      {rows.length < total ? (
        <button type="button" className="ok-hours-review__more ok-pill-button" onClick={props.onShowMore}>
          Show more ({total - rows.length} not shown)
        </button>
      ) : null}
    </>
  );
}

const IDLE: HoursReviewProgress = { state: 'idle' };

interface HoursReviewRowProps {
  entry: ServiceHoursEntry;
  detailId: string;
  selected: boolean;
  open: boolean;
  /** The last decision while this row is open (idle otherwise, so closed rows never render again for it). */
  review: HoursReviewProgress;
  onToggle(entryId: string): void;
  onOpen(entryId: string): void;
  onReview(entryId: string, draft: HoursReviewDraft): void;
}

/**
 * One entry's row, and its detail below it while open. Memoised: choosing one row renders that row only.
 * The call is marked pure, so an application that renders no hours review drops the row from its bundle.
 */
const HoursReviewRow = /* @__PURE__ */ memo(function HoursReviewRow({
  entry,
  detailId,
  selected,
  open,
  review,
  onToggle,
  onOpen,
  onReview,
}: HoursReviewRowProps) {
  const student = studentNameOf(entry);
  const date = spokenDate(entry.date) ?? entry.date;
  // A click on the row's own controls does what that control does; anywhere else it opens the detail.
  const clickRow = (event: MouseEvent<HTMLTableRowElement>) => {
    if (!(event.target as Element).closest('input, button, a, label')) onOpen(entry.id);
  };
  return (
    <>
      <tr className="ok-hours-review__row" data-status={entry.status} data-open={open || undefined} data-selected={selected || undefined} onClick={clickRow}>
        <td className="ok-hours-review__select">
          {entry.status === 'confirmed' ? (
            <input type="checkbox" aria-label={`Select ${student}, ${date}`} checked={selected} onChange={() => onToggle(entry.id)} />
          ) : null}
        </td>
        <td>{student}</td>
        <td>{entry.organisation}</td>
        <td>
          <time dateTime={entry.date}>{date}</time>
        </td>
        <td className="ok-hours-review__hours-cell">{formatHours(entry.hours)}</td>
        <td>
          <span className="ok-hours-review__flag" data-status={entry.status}>
            {STATUS_TEXT[entry.status]}
          </span>
        </td>
        <td>
          <button
            type="button"
            className="ok-hours-review__details ok-pill-button"
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            aria-label={`Details: ${student}, ${date}`}
            onClick={() => onOpen(entry.id)}
          >
            Details
          </button>
        </td>
      </tr>
      {open ? (
        <tr className="ok-hours-review__detail-row" id={detailId}>
          <td colSpan={COLUMN_COUNT}>
            <div className="ok-hours-review__detail">
              <HoursReviewEntry entry={entry} progress={review} onReview={(draft) => onReview(entry.id, draft)} />
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
});
