import { useState } from 'react';

/** The initials of a name: 'Zoey Moss' -> 'ZM', 'zoey' -> 'Z'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}

/** A person's picture, or their initials when there is none (or it fails to load). Decorative: the name is beside it. */
export function Avatar({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src)
    return (
      <img
        className="kit-avatar"
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(src)}
      />
    );
  return (
    <span
      className="kit-avatar is-initials"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}
