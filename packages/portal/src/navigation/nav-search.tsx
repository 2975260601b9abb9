import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_PATH, searchPath, searchWordsOf } from '../search/search-path.ts';

/** The global search of the top navigation: every posting type at once, on /search?q=words. */
export function NavSearch() {
  const inputId = useId();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The field shows what the search page shows, and empties once the member has moved on.
  const shown = pathname === SEARCH_PATH ? searchWordsOf(new URLSearchParams(search)) : '';
  const [words, setWords] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  if (shown !== lastShown) {
    setLastShown(shown);
    setWords(shown);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(searchPath(words));
  };

  return (
    <form className="portal-nav__search" role="search" aria-label="Opportunities" onSubmit={submit}>
      <label className="ok-visually-hidden" htmlFor={inputId}>
        Search all opportunities
      </label>
      <input
        id={inputId}
        className="portal-nav__search-input"
        type="search"
        name="q"
        value={words}
        onChange={(event) => setWords(event.target.value)}
        placeholder="Search all opportunities"
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="portal-button portal-nav__search-button">
        Search
      </button>
    </form>
  );
}
