import { useSearchParams } from 'react-router';

/** A text kept in the URL's query (e.g. ?search=), so links and the back button keep it. */
export const useSearchParam = (name: string): [string, (value: string) => void] => {
  const [params, setParams] = useSearchParams();
  const setValue = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [params.get(name) ?? '', setValue];
};
