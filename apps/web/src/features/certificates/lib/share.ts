/**
 * Copies a certificate's public address. Answers false where the browser does not allow it (a page not
 * served over https, a refused permission): the address is shown beside the button to copy by hand.
 */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};
