import { useCallback, useState } from 'react';

/**
 * SPEC §2.13: only one section menu (and one lesson menu) is open at a time. One id is kept; opening
 * another closes the first, closing the open one leaves none.
 */
export const useSingleOpen = <T extends string | number>() => {
  const [openId, setOpenId] = useState<T | null>(null);
  const setOpen = useCallback(
    (id: T, open: boolean) => setOpenId((current) => (open ? id : current === id ? null : current)),
    [],
  );
  const closeAll = useCallback(() => setOpenId(null), []);
  return { openId, isOpen: (id: T) => openId === id, setOpen, closeAll };
};
