/** Text as HTML text or attribute value: `&<>"'` as character references, so markup in it stays text. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
