import { useId } from 'react';
import { cn } from '@/lib/cn';
import { SearchIcon } from './drawn-icons';
import { Input } from './input';

type SearchInputProps = {
  /** Used as placeholder and as the accessible label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

export const SearchInput = ({ label, value, onChange, className }: SearchInputProps) => {
  const id = useId();
  return (
    <div className={cn('relative w-full', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 inset-s-3.5 size-4.5 -translate-y-1/2 text-slate-400" />
      <Input
        id={id}
        type="search"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        // Long placeholders (SPEC: "Search Category By Name") fit a 360 px screen in a smaller size.
        className="ps-10 placeholder:text-sm sm:placeholder:text-base"
      />
    </div>
  );
};
