/** Hands a file to the browser as a download under `fileName`. */
export const saveFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; a moment later the URL may go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
