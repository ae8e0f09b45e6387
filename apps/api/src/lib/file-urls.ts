/** Public URL of a stored image (course covers, author photos), served by the files module. */
export const publicFileUrl = (key: string | null) =>
  key ? `/api/files/public/${encodeURIComponent(key)}` : null;
