import { useState } from 'react';

const KEY = 'outpost.shares.binaryUnits';

/** SPEC 9 byte sizes: KiB (base 1024, the default) or kB (base 1000), remembered in this browser. */
export function useByteUnits(): [boolean, (binary: boolean) => void] {
  const [binary, setBinary] = useState(() => {
    try {
      return localStorage.getItem(KEY) !== 'decimal';
    } catch {
      return true;
    }
  });
  const choose = (value: boolean) => {
    setBinary(value);
    try {
      localStorage.setItem(KEY, value ? 'binary' : 'decimal');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return [binary, choose];
}
