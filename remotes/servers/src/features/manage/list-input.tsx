import { Input } from '@outpost/ui/core';
import { type InputHTMLAttributes, useState } from 'react';
import { splitList } from './form-values';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string[];
  onChange: (value: string[]) => void;
};

/** A comma-separated list typed as text: keeps what is typed (trailing commas too), reports the list. */
export function ListInput({ value, onChange, ...rest }: Props) {
  const [text, setText] = useState(() => value.join(', '));
  return (
    <Input
      {...rest}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitList(event.target.value));
      }}
    />
  );
}
