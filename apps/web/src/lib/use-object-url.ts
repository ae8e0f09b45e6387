import { useEffect, useState } from 'react';

/** A temporary URL to show a chosen file (an image preview); revoked when the file changes or on unmount. */
export const useObjectUrl = (file: Blob | null | undefined): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
};
