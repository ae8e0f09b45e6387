/**
 * Text made inert in HTML and XML, in an element's content or a quoted attribute's value: `&`, `<`, `>`,
 * `"` and `'` become character references, so no text can close a tag or an attribute.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
