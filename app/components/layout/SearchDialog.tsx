// The header's search overlay. Without JavaScript its form is a plain GET form to /search.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '../Modal.tsx';
import { SearchIcon } from '../Icons.tsx';

export const EMPTY_SEARCH_ALERT = 'Please enter a search term';

/** The address to go to for a search term, or null when the term is blank. */
export function searchHref(term: string): string | null {
  const q = term.trim();
  return q ? `/search?query=${encodeURIComponent(q)}` : null;
}

const SUGGESTIONS = [
  { label: 'Gorilla trekking', to: '/search?query=gorilla%20trekking' },
  { label: 'Bwindi', to: '/search?query=bwindi' },
  { label: 'Chimpanzees', to: '/search?query=chimpanzee' },
  { label: 'Maasai Mara', to: '/search?query=maasai%20mara' },
];

export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const href = searchHref(term);
    if (!href) {
      window.alert(EMPTY_SEARCH_ALERT);
      return;
    }
    onClose();
    setTerm('');
    navigate(href);
  }
  return (
    <Modal open={open} onClose={onClose} labelledBy="site-search-title" className="modal--search" closeLabel="Close search">
      <p className="eyebrow">Search the site</p>
      <h2 id="site-search-title" className="modal__title">
        Hey there! Loooking for something?
      </h2>
      <form className="search-form" method="get" action="/search" role="search" onSubmit={onSubmit} noValidate>
        <label htmlFor="site-search-input" className="sr-only">
          Search safaris, parks, experiences and stories
        </label>
        <SearchIcon size={22} className="search-form__icon" />
        <input id="site-search-input" name="query" type="search" autoComplete="off" placeholder="Gorillas, Bwindi, a 5 day safari…" value={term} onChange={(e) => setTerm(e.target.value)} />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </form>
      <p className="search-suggest">
        <span>Popular:</span>
        {SUGGESTIONS.map((s) => (
          <Link key={s.to} to={s.to} onClick={onClose}>
            {s.label}
          </Link>
        ))}
      </p>
    </Modal>
  );
}
