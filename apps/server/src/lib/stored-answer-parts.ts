/**
 * The parts of a stored answer, left by its route on the response for a page that carries the answer (decision
 * 0050): the page then joins the stored compressed bytes into its own gzip body rather than compressing the
 * answer again. Kept by response object, weakly, so nothing outlives the response.
 */
import type { ServerResponse } from 'node:http';

export interface StoredAnswerParts {
  /** The answer's stored prefix in the gzip form of `compressPrefix`. */
  gzipPrefix: Buffer;
  /** The text that completes it (HTML-safe JSON, as the prefix). */
  suffix: Buffer;
}

const partsByResponse = new WeakMap<object, StoredAnswerParts>();

export function leaveStoredParts(response: ServerResponse, parts: StoredAnswerParts): void {
  partsByResponse.set(response, parts);
}

/** The parts a route left on this response (`app.inject`'s `raw.res`), if it sent a stored answer in gzip. */
export const storedPartsOf = (response: object): StoredAnswerParts | undefined =>
  partsByResponse.get(response);
