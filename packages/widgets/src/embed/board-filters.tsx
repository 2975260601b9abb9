import { useId, type FormEvent } from 'react';
import { POSTING_TYPES } from '@opportunity-kit/sdk/domain';
import type { BoardFilters } from './board-model.ts';

export interface BoardFiltersProps {
  filters: BoardFilters;
  locations: readonly string[];
  onSearchInput(text: string): void;
  onApply(patch: Partial<BoardFilters>): void;
}

/** Search, type and location, each with a visible label; Enter or the button searches at once. */
export function BoardFiltersView({ filters, locations, onSearchInput, onApply }: BoardFiltersProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ search: filters.search });
  };
  return (
    <form className="ok-board__filters" role="search" onSubmit={submit}>
      <div className="ok-board__field ok-board__field--search">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          value={filters.search}
          placeholder="Title, company, skill…"
          onChange={(event) => onSearchInput(event.currentTarget.value)}
        />
      </div>
      <div className="ok-board__field">
        <label htmlFor={`${id}-type`}>Type</label>
        <select
          id={`${id}-type`}
          value={filters.postingType}
          onChange={(event) => onApply({ postingType: event.currentTarget.value as BoardFilters['postingType'] })}
        >
          <option value="">All types</option>
          {POSTING_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="ok-board__field">
        <label htmlFor={`${id}-location`}>Location</label>
        <select id={`${id}-location`} value={filters.location} onChange={(event) => onApply({ location: event.currentTarget.value })}>
          <option value="">All locations</option>
          {locations.map((location) => (
            <option key={location} value={location}>
              {location}
            </option>
          ))}
        </select>
      </div>
      <button className="ok-board__button" type="submit">
        Search
      </button>
    </form>
  );
}
