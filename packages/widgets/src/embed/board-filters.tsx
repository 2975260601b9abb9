import { useId, type FormEvent } from 'react';
import { POSTING_TYPES } from '@opportunity-kit/sdk/domain';
import type { BoardActions, BoardFilters } from './board-model.ts';

export interface BoardFiltersProps {
  filters: BoardFilters;
  locations: readonly string[];
  actions: Pick<BoardActions, 'typeSearch' | 'submitSearch' | 'setFilters'>;
}

/** Search, type and location, each with a visible label; Enter or the button searches at once. */
export function BoardFiltersView({ filters, locations, actions }: BoardFiltersProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submitSearch();
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
          onChange={(event) => actions.typeSearch(event.currentTarget.value)}
        />
      </div>
      <div className="ok-board__field">
        <label htmlFor={`${id}-type`}>Type</label>
        <select
          id={`${id}-type`}
          value={filters.postingType}
          onChange={(event) => actions.setFilters({ postingType: event.currentTarget.value as BoardFilters['postingType'] })}
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
        <select id={`${id}-location`} value={filters.location} onChange={(event) => actions.setFilters({ location: event.currentTarget.value })}>
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
