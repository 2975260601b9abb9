import { useId } from 'react';
import type { HoursReviewFilters, HoursStatusFilter, HoursStudentChoice } from './hours-review-filters.ts';
import { isUnfiltered } from './hours-review-filters.ts';

const STATUS_CHOICES: ReadonlyArray<{ value: HoursStatusFilter; label: string }> = [
  { value: 'all', label: 'All statuses' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'disputed', label: 'Disputed' },
  { value: 'pending', label: 'Waiting for the supervisor' },
];

interface HoursReviewFilterBarProps {
  filters: HoursReviewFilters;
  students: readonly HoursStudentChoice[];
  organisations: readonly string[];
  onFilter(change: Partial<HoursReviewFilters>): void;
  onClear(): void;
}

/** The table's filters: search, status, student, organisation and a date range, each a labelled control. */
export function HoursReviewFilterBar({ filters, students, organisations, onFilter, onClear }: HoursReviewFilterBarProps) {
  const id = useId();
  return (
    <div className="ok-hours-review__filters" role="group" aria-label="Filter entries">
      <label className="ok-hours-review__filter ok-hours-review__filter--search" htmlFor={`${id}-search`}>
        <span>Search</span>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Student, organisation or activity"
          value={filters.search}
          onChange={(event) => onFilter({ search: event.target.value })}
        />
      </label>
      <label className="ok-hours-review__filter" htmlFor={`${id}-status`}>
        <span>Status</span>
        <select id={`${id}-status`} value={filters.status} onChange={(event) => onFilter({ status: event.target.value as HoursStatusFilter })}>
          {STATUS_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label className="ok-hours-review__filter" htmlFor={`${id}-student`}>
        <span>Student</span>
        <select id={`${id}-student`} value={filters.studentId} onChange={(event) => onFilter({ studentId: event.target.value })}>
          <option value="">All students</option>
          {students.map((student) => (
            <option key={student.id} value={student.id}>
              {student.name}
            </option>
          ))}
        </select>
      </label>
      <label className="ok-hours-review__filter" htmlFor={`${id}-organisation`}>
        <span>Organisation</span>
        <select id={`${id}-organisation`} value={filters.organisation} onChange={(event) => onFilter({ organisation: event.target.value })}>
          <option value="">All organisations</option>
          {organisations.map((organisation) => (
            <option key={organisation} value={organisation}>
              {organisation}
            </option>
          ))}
        </select>
      </label>
      <label className="ok-hours-review__filter" htmlFor={`${id}-from`}>
        <span>From</span>
        <input id={`${id}-from`} type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => onFilter({ from: event.target.value })} />
      </label>
      <label className="ok-hours-review__filter" htmlFor={`${id}-to`}>
        <span>To</span>
        <input id={`${id}-to`} type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onFilter({ to: event.target.value })} />
      </label>
      <button type="button" className="ok-hours-review__clear ok-pill-button" disabled={isUnfiltered(filters)} onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
