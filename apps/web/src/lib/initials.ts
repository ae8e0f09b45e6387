/** Two letters for an avatar: the first letters of a name's first two words (or an e-mail's parts), else '?'. */
export const initialsOf = (name: string): string =>
  name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';
