import { useCallback, useEffect, useRef, useState } from 'react';

/** A status line that clears itself `ms` after it was last set (SPEC §9: edit status, 3000 ms). */
export const useTimedStatus = (ms: number): [string, (message: string) => void] => {
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (message: string) => {
      clearTimeout(timer.current);
      setStatus(message);
      if (message) timer.current = setTimeout(() => setStatus(''), ms);
    },
    [ms],
  );
  return [status, show];
};
