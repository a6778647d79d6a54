/**
 * The first screen's answers that came with the document (`<script type="application/json" id="portal-answers">`,
 * issue 32, decision 0045). The fetch wrapper uses them instead of asking the network while the first screen is
 * drawn: within FIRST_SCREEN_ANSWERS_MS of the document, by every request for the same call (a screen may ask twice,
 * e.g. the event list for the event and for its history), and never after the customer has sent a change (an answer
 * made before it would show what they have just changed back to them).
 */
import { FIRST_SCREEN_ANSWERS_ELEMENT_ID, type InlinedAnswer, type InlinedAnswers } from '@portal/contracts';

/** How long after the document its answers may stand for a request: its first screen's, not a later one's. */
export const FIRST_SCREEN_ANSWERS_MS = 60_000;

const held = new WeakMap<Document, InlinedAnswers>();

/**
 * When each document was opened, on `performance.now()`'s clock. A page's own document opened at that clock's
 * origin (its navigation start), so it needs no entry; a document built later (a test's) says when with
 * `documentOpenedAt`, or it would be aged by the life of the process that built it (issue 40).
 */
const openedAt = new WeakMap<Document, number>();

/** Records that `doc` was opened at `ms` on `performance.now()`'s clock (by default now). */
export function documentOpenedAt(doc: Document, ms: number = globalThis.performance.now()): void {
  openedAt.set(doc, ms);
}

/** How long ago `doc` was opened, in ms. */
const ageOf = (doc: Document | undefined): number =>
  (globalThis.performance?.now() ?? 0) - ((doc && openedAt.get(doc)) ?? 0);

function answersOf(doc: Document): InlinedAnswers {
  let answers = held.get(doc);
  if (answers === undefined) {
    answers = {};
    const text = doc.getElementById(FIRST_SCREEN_ANSWERS_ELEMENT_ID)?.textContent;
    if (text) {
      try {
        answers = JSON.parse(text) as InlinedAnswers;
      } catch {
        // A broken block (a proxy that rewrote the page) means asking the network, as before.
      }
    }
    held.set(doc, answers);
  }
  return answers;
}

/** The document's answer to the GET of `key` (contracts' `callKey`), while it may stand for the request. */
export function firstScreenAnswer(
  key: string,
  doc: Document | undefined = globalThis.document,
  sinceDocumentMs: number = ageOf(doc),
): InlinedAnswer | undefined {
  if (!doc) return undefined;
  if (sinceDocumentMs > FIRST_SCREEN_ANSWERS_MS) return undefined;
  return Object.hasOwn(answersOf(doc), key) ? answersOf(doc)[key] : undefined;
}

/**
 * Forgets the answers the document still holds that a change the customer sent makes out of date: those whose
 * key `stale` names, or every one.
 */
export function dropFirstScreenAnswers(
  doc: Document | undefined = globalThis.document,
  stale: (key: string) => boolean = () => true,
): void {
  if (!doc) return;
  held.set(doc, Object.fromEntries(Object.entries(answersOf(doc)).filter(([key]) => !stale(key))));
}
