import { type ReactNode, useId, useState } from 'react';
import { Button } from './button';
import { Select } from './form-controls';
import { useKitWords } from './kit-words';

/**
 * The bar above a list: filters on the left (they wrap, and each takes the whole row on a phone),
 * actions on the right. Filters inside are FilterFields.
 */
export function Toolbar({ children, actions }: { children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="toolbar">
      <div className="toolbar-filters">{children}</div>
      {actions && <div className="toolbar-actions">{actions}</div>}
    </div>
  );
}

/**
 * A labelled filter. Its label shows above the control (placeholders are hints, never the only
 * label), and it grows to the toolbar's full width on a phone, so a placeholder is never cut off.
 */
export function FilterField({
  label,
  grow,
  children,
}: {
  label: string;
  /** Takes the free space of the row (the search box). */
  grow?: boolean;
  children(control: { id: string }): ReactNode;
}) {
  const id = useId();
  return (
    <div className={grow ? 'filter-field is-grow' : 'filter-field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id })}
    </div>
  );
}

/** A search filter: a text box and a Search button, sending on Enter or the button, not on each key. */
export function SearchFilter({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch(query: string): void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const words = useKitWords();
  // The query changed from outside (a link, Back): show it.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <form
      className="search-filter"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <FilterField label={label} grow>
        {({ id }) => (
          <div className="search-filter-row">
            <input
              id={id}
              type="search"
              className="input"
              placeholder={placeholder}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <Button type="submit" icon="search">
              {words('ui.search.submit', 'Search')}
            </Button>
          </div>
        )}
      </FilterField>
    </form>
  );
}

/** A select filter with its options ('' is the "all" option, `allLabel`). */
export function SelectFilter({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
  onChange(value: string): void;
}) {
  return (
    <FilterField label={label}>
      {({ id }) => (
        <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {allLabel !== undefined && <option value="">{allLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </FilterField>
  );
}
