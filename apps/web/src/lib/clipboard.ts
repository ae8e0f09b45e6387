/**
 * Copies a text (a certificate's public address, a secret shown once, a coupon's link). Answers false
 * where the browser does not allow it (a page not served over https, a refused permission): the caller
 * then leaves the text shown to copy by hand.
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
