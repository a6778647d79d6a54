/**
 * What an offer page shows instead of its form while the participant cannot be read (issue 26 item 5, decision
 * 0038): the message of the failure on the page (the alert banner closes after 3 seconds), and Try again when
 * trying again can help. A form whose state is unknown is not offered: its submit could only fail.
 */
import { messages, offerLookupCopy } from '@portal/contracts';
import { ApiError, rateLimitMessage } from '../lib/api-client.ts';

/** An account that cannot take part here whatever is retried: another retailer's (403), or an invalid id. */
export function isAccountRefused(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 422].includes(error.status);
}

/**
 * The message of docs/api.md#errors for a failed look-up: the account's own (403, 401, 422), the address
 * limit's (429, decision 0039), else `fallback`.
 */
export function lookupProblemMessage(error: unknown, fallback: string): string {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  if (error instanceof ApiError && error.status === 403) return messages.wrongProvider;
  if (error instanceof ApiError && (error.status === 401 || error.status === 422)) {
    return messages.invalidAccountId;
  }
  return fallback;
}

/** `lookUp`: the failed look-up's query, which Try again asks again (busy while it is on its way). */
export function LookupProblem({
  error,
  fallback,
  lookUp,
}: {
  error: unknown;
  fallback: string;
  lookUp: { isFetching: boolean; refetch: () => unknown };
}) {
  const retrying = lookUp.isFetching;
  return (
    <div className="lookup-problem" data-testid="lookup-problem">
      <p className="lookup-problem__message">{lookupProblemMessage(error, fallback)}</p>
      {isAccountRefused(error) ? null : (
        <button
          type="button"
          className="button"
          aria-disabled={retrying || undefined}
          onClick={() => {
            if (!retrying) void lookUp.refetch();
          }}
        >
          {offerLookupCopy.retry}
        </button>
      )}
    </div>
  );
}
