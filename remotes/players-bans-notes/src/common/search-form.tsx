import { type ReactNode, useEffect, useId, useState } from 'react';

interface Props {
  label: string;
  value: string;
  placeholder?: string;
  /** Called with the trimmed text when the form is submitted. */
  onSearch(text: string): void;
  children?: ReactNode;
}

/** A search box (plus optional filters as children) that applies on submit, not per keystroke. */
export function SearchForm({ label, value, placeholder, onSearch, children }: Props) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      className="filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        value={text}
        placeholder={placeholder}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
      {children}
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
