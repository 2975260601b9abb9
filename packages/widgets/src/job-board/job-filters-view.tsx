import { useId, type FormEvent } from 'react';
import { ALERT_MESSAGES, isEndDateEnabled } from '@opportunity-kit/sdk/domain';
import { useMediaQuery } from '../shared/use-media-query.ts';
import { FiltersSheet } from './filters-sheet.tsx';
import { hasActiveFilters, isReversedRange, NO_FILTERS, type JobBoardActions, type JobBoardFilters } from './job-board-model.ts';

/** The switch that shows a student only what their age allows. */
export const OPEN_TO_ME = 'Open to me';

/** The date filter's rule, next to its inputs: a posting counts only when its whole period fits. */
export const DATE_RULE = 'Shows postings that start and end within these dates.';

/** Props of the job board's filter panel, a part of {@link JobBoardViewProps}. @public */
export interface JobFiltersViewProps {
  /** What the panel shows as selected. */
  filters: JobBoardFilters;
  /** The location options, in their order. */
  locations: readonly string[];
  /** The cluster options, in their order. */
  clusters: readonly string[];
  /** Today as `YYYY-MM-DD`: the earliest date the date filters offer. */
  today: string;
  /** The "Private Filter" switch, for those who post (teachers and recruiters). */
  showPrivateFilter: boolean;
  /** The "Open to me" switch, for students: on, only what their age allows (issue 26). */
  showAgeFilter?: boolean | undefined;
  /** What the panel's controls do. */
  actions: Pick<JobBoardActions, 'typeSearch' | 'submitSearch' | 'setFilters' | 'setStartDate'>;
}

const toggled = (list: readonly string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));

/** How many filters the panel sets besides the search: each option, the dates, each switch. */
export function filterCount(filters: JobBoardFilters): number {
  return (
    filters.locations.length +
    filters.clusters.length +
    (filters.startDate ? 1 : 0) +
    (filters.sortByViews ? 1 : 0) +
    (filters.privateOnly ? 1 : 0) +
    (filters.allAges ? 1 : 0)
  );
}

/** Wider than a phone: the filters show as a side panel; narrower, behind a "Filters (n)" button. */
const SIDE_PANEL_SCREEN = '(min-width: 48.0625rem)';

/**
 * The filter panel: the search field (always in view), then location and cluster options, start and
 * end date, and the two switches, beside the list on a wide screen and in a sheet behind "Filters (n)"
 * on a phone.
 */
export function JobFiltersView(props: JobFiltersViewProps) {
  const { filters } = props;
  const id = useId();
  const sidePanel = useMediaQuery(SIDE_PANEL_SCREEN, true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.actions.submitSearch();
  };
  const clear = () => props.actions.setFilters(NO_FILTERS);
  return (
    <form className="ok-job-filters" role="search" aria-label="Filter opportunities" data-layout={sidePanel ? 'panel' : 'sheet'} onSubmit={submit}>
      <div className="ok-job-filters__field ok-job-filters__search">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          className="ok-job-filters__input"
          type="search"
          value={filters.search}
          placeholder="Title, company, skill…"
          onChange={(event) => props.actions.typeSearch(event.currentTarget.value)}
        />
      </div>
      {sidePanel ? (
        <>
          <FilterControls {...props} />
          {hasActiveFilters(filters) ? (
            <button className="ok-job-filters__reset" type="button" onClick={clear}>
              Clear filters
            </button>
          ) : null}
        </>
      ) : (
        <FiltersSheet count={filterCount(filters)} onClear={clear}>
          <FilterControls {...props} />
        </FiltersSheet>
      )}
    </form>
  );
}

/**
 * The options, dates and switches. The date filter keeps a posting only when its whole period lies in
 * the range, and says so; an end date before the start is refused with the saved search's own message
 * (the board then leaves it out of the filter).
 */
function FilterControls(props: JobFiltersViewProps) {
  const { filters, today } = props;
  const id = useId();
  const endEnabled = isEndDateEnabled(filters);
  const reversed = isReversedRange(filters);
  const endDescription = [`${id}-rule`, endEnabled ? null : `${id}-end-hint`, reversed ? `${id}-end-error` : null].filter(Boolean).join(' ');
  return (
    <>
      <Options legend="Location" options={props.locations} selected={filters.locations} onChange={(locations) => props.actions.setFilters({ locations })} />
      <Options legend="Cluster" options={props.clusters} selected={filters.clusters} onChange={(clusters) => props.actions.setFilters({ clusters })} />
      <div className="ok-job-filters__dates">
        <div className="ok-job-filters__field">
          <label htmlFor={`${id}-start`}>Start date</label>
          <input
            id={`${id}-start`}
            className="ok-job-filters__input"
            type="date"
            min={today}
            aria-describedby={`${id}-rule`}
            value={filters.startDate ?? ''}
            onChange={(event) => props.actions.setStartDate(event.currentTarget.value || undefined)}
          />
        </div>
        <div className="ok-job-filters__field">
          <label htmlFor={`${id}-end`}>End date</label>
          <input
            id={`${id}-end`}
            className="ok-job-filters__input"
            type="date"
            min={filters.startDate ?? today}
            disabled={!endEnabled}
            aria-invalid={reversed || undefined}
            aria-describedby={endDescription}
            value={filters.endDate ?? ''}
            onChange={(event) => props.actions.setFilters({ endDate: event.currentTarget.value || undefined })}
          />
          {endEnabled ? null : (
            <span className="ok-job-filters__hint" id={`${id}-end-hint`}>
              Choose a start date first
            </span>
          )}
          {reversed ? (
            <span className="ok-job-filters__error" id={`${id}-end-error`} role="alert">
              {ALERT_MESSAGES.endBeforeStart}
            </span>
          ) : null}
        </div>
        <p className="ok-job-filters__hint ok-job-filters__rule" id={`${id}-rule`}>
          {DATE_RULE}
        </p>
      </div>
      <Switch label="Sort based on Views" checked={filters.sortByViews} onChange={(sortByViews) => props.actions.setFilters({ sortByViews })} />
      {props.showAgeFilter ? (
        <Switch label={OPEN_TO_ME} checked={!filters.allAges} onChange={(openToMe) => props.actions.setFilters({ allAges: !openToMe })} />
      ) : null}
      {props.showPrivateFilter ? (
        <Switch label="Private Filter" checked={filters.privateOnly} onChange={(privateOnly) => props.actions.setFilters({ privateOnly })} />
      ) : null}
    </>
  );
}

interface OptionsProps {
  legend: string;
  options: readonly string[];
  selected: readonly string[];
  onChange(selected: string[]): void;
}

/** A collapsible group of checkboxes; its summary tells how many are chosen while it is closed. */
function Options({ legend, options, selected, onChange }: OptionsProps) {
  return (
    <details className="ok-job-filters__options">
      <summary className="ok-job-filters__summary">
        {legend}
        {selected.length ? <span className="ok-job-filters__count"> ({selected.length} selected)</span> : null}
      </summary>
      <fieldset className="ok-job-filters__group">
        <legend className="ok-job-filters__legend ok-visually-hidden">{legend}</legend>
        {options.map((option) => (
          <label className="ok-job-filters__option" key={option}>
            <input type="checkbox" checked={selected.includes(option)} onChange={(event) => onChange(toggled(selected, option, event.currentTarget.checked))} />
            {option}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** A switch: a checkbox announced as a switch, with its visible label. */
function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  return (
    <label className="ok-job-filters__switch">
      <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <span className="ok-job-filters__track" aria-hidden="true" />
      {label}
    </label>
  );
}
