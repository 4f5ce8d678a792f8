import { useState } from 'react';
import { useNavigate } from 'react-router';

/** SPEC 5: enter with text that is blank after trimming does nothing; otherwise /search?q=. */
export function SearchBox() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  return (
    <form
      className="navbar-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const query = text.trim();
        if (query) void navigate(`/search?q=${encodeURIComponent(query)}`);
      }}
    >
      <input
        type="search"
        className="input"
        placeholder="Search"
        aria-label="Search"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
