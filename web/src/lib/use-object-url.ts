import { useEffect, useState } from 'react';

/**
 * A local object URL for a chosen file, to preview it: the file does not leave the browser for this. Revoked when the
 * file changes or the component goes.
 */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [file]);
  return url;
}
