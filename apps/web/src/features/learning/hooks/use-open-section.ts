import { useCallback, useState } from 'react';

/** SPEC §2.12: toggling the open section closes it; opening another closes the one that was open. */
export const nextOpenSection = (openId: number | null, toggledId: number): number | null =>
  openId === toggledId ? null : toggledId;

/**
 * The course view's collapsible sections, one open at a time. Until the student toggles one, the
 * `fallbackId` (the first section) is the open one, so the list shows lessons as soon as it loads.
 */
export const useOpenSection = (fallbackId: number | null) => {
  const [chosen, setChosen] = useState<{ id: number | null } | null>(null);
  const openId = chosen ? chosen.id : fallbackId;
  const toggle = useCallback(
    (id: number) => setChosen((current) => ({ id: nextOpenSection(current ? current.id : fallbackId, id) })),
    [fallbackId],
  );
  const open = useCallback((id: number) => setChosen({ id }), []);
  return { openId, isOpen: (id: number) => openId === id, toggle, open };
};
