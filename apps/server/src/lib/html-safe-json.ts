/**
 * JSON text that can stand inside an HTML `<script type="application/json">` element: what could end the
 * element early or break it in old parsers (`<`, `>`, `&`, U+2028, U+2029) written as its `\u` escape, in one
 * pass. These characters only occur inside JSON strings, where the escape reads back as the same character, so
 * the text parses to the same value. The Tracker stores its weeks in this form (decision 0050) so that a page
 * can carry a stored week as its bytes.
 */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const escapeForScript = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

export const htmlSafeJson = (json: string): string => json.replace(UNSAFE_IN_SCRIPT, escapeForScript);
