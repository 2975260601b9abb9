import { useId, type FormEvent } from 'react';
import { isEndDateEnabled } from '@opportunity-kit/sdk/domain';
import { hasActiveFilters, NO_FILTERS, type JobBoardActions, type JobBoardFilters } from './job-board-model.ts';

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
  /** What the panel's controls do. */
  actions: Pick<JobBoardActions, 'typeSearch' | 'submitSearch' | 'setFilters' | 'setStartDate'>;
}

const toggled = (list: readonly string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));

/**
 * The filter panel: search, location and cluster options, start and end date (the end stays
 * disabled until a start is set, and never earlier than it), and the two switches.
 */
export function JobFiltersView(props: JobFiltersViewProps) {
  const { filters, today } = props;
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.actions.submitSearch();
  };
  const active = hasActiveFilters(filters);
  const endEnabled = isEndDateEnabled(filters);
  return (
    <form className="ok-job-filters" role="search" aria-label="Filter opportunities" onSubmit={submit}>
      <div className="ok-job-filters__field">
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
            aria-describedby={endEnabled ? undefined : `${id}-end-hint`}
            value={filters.endDate ?? ''}
            onChange={(event) => props.actions.setFilters({ endDate: event.currentTarget.value || undefined })}
          />
          {endEnabled ? null : (
            <span className="ok-job-filters__hint" id={`${id}-end-hint`}>
              Choose a start date first
            </span>
          )}
        </div>
      </div>
      <Switch label="Sort based on Views" checked={filters.sortByViews} onChange={(sortByViews) => props.actions.setFilters({ sortByViews })} />
      {props.showPrivateFilter ? (
        <Switch label="Private Filter" checked={filters.privateOnly} onChange={(privateOnly) => props.actions.setFilters({ privateOnly })} />
      ) : null}
      {active ? (
        <button className="ok-job-filters__reset" type="button" onClick={() => props.actions.setFilters(NO_FILTERS)}>
          Clear filters
        </button>
      ) : null}
    </form>
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
        <legend className="ok-job-filters__legend">{legend}</legend>
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
