/**
 * The one error handler (docs/reliability.md): every failure answers `{ error: { code, message } }`. 4xx say clearly
 * what was wrong; 5xx never leak internals and are reported.
 */

import { STATUS_CODES } from 'node:http';
import {
  credentialsInUrl,
  type ErrorCode,
  type ErrorResponse,
  messages,
  serverPathPrefixes,
} from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { reportError } from '../lib/error-reporting.ts';
import { type DomainErrorKind, isDomainError } from '../lib/errors.ts';
import { redactedError, requestCredentials } from '../lib/redaction.ts';
import { rawSecurityHeaders } from './security.ts';

/** Fields that carry an account id: a malformed one is a 422 with the specification's message. */
const accountIdFields = new Set(['account_id', 'accountId', 'account_identifier']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The status for invalid input on this route: 400 (malformed) by default, 422 where it is unprocessable. */
    validationErrorStatus?: 400 | 422;
  }
}

/**
 * The one mapping of the domain's errors to HTTP statuses (docs/decisions/0026-boundaries.md): services say
 * what went wrong (lib/errors.ts), this says how HTTP answers it.
 */
export const statusOfDomainError: Record<DomainErrorKind, number> = {
  'invalid-request': 400,
  'unknown-account': 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'rate-limited': 429,
};

const codeForStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'BAD_REQUEST',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Messages that echo the request (an unknown path, a field name) are cut: a message is for reading. */
export const MAX_ERROR_MESSAGE_LENGTH = 300;

/** For errors that carry only the status phrase ("Forbidden"), as some plugins' errors do. */
const plainMessages: Record<number, string> = {
  400: 'The request is malformed.',
  403: 'This address may not be read.',
  404: 'There is nothing at this address.',
  405: 'This method is not allowed here.',
  413: 'The request body is too large.',
  414: 'The address is too long.',
  415: 'This content type is not supported here.',
};

export function sendError(reply: FastifyReply, statusCode: number, code: ErrorCode, message: string) {
  const clipped =
    message.length > MAX_ERROR_MESSAGE_LENGTH
      ? `${message.slice(0, MAX_ERROR_MESSAGE_LENGTH - 1)}…`
      : message;
  const body: ErrorResponse = { error: { code, message: clipped } };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

export const isServerPath = (url: string) =>
  serverPathPrefixes.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );

/**
 * Fastify's `frameworkErrors`: what it answers before routing and before any hook (a malformed URL such as
 * `/%E0%A4%A`, an over-long path parameter), in the same JSON shape and with the same security headers; a
 * browser asking for a page outside the server's paths is sent to the landing page instead.
 */
export function frameworkErrors(config: Config) {
  const applyHeaders = rawSecurityHeaders(config);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = () => {
      // Before routing nothing says whether the address was an account's: kept out of every cache.
      reply.header('cache-control', 'private, no-store');
      const url = request.raw.url ?? '/';
      const fromBrowser =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isServerPath(url) &&
        /\btext\/html\b/.test(String(request.headers.accept ?? ''));
      if (fromBrowser) {
        // A person following a damaged link gets the portal, not JSON: its landing page (issue 15 item 11).
        return reply.redirect('/', 302);
      }
      if (error.code === 'FST_ERR_BAD_URL') {
        return sendError(
          reply,
          400,
          'BAD_REQUEST',
          'The address is not valid: it has a malformed %-encoding.',
        );
      }
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return sendError(
          reply,
          414,
          'BAD_REQUEST',
          'The address is not valid: a part of its path is too long.',
        );
      }
      reportError(error, { framework: error.code }, credentialsInUrl(request.raw.url ?? ''));
      return sendError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
    };
    applyHeaders(request.raw, reply.raw).then(answer, answer);
  };
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation;
      const onAccountId = issues.some((issue) =>
        String(issue.instancePath ?? '')
          .split('/')
          .some((segment) => accountIdFields.has(segment)),
      );
      if (onAccountId) return sendError(reply, 422, 'INVALID_ACCOUNT_ID', messages.invalidAccountId);
      // A route may declare that invalid input is unprocessable (422) rather than malformed (400).
      const status = request.routeOptions.config.validationErrorStatus ?? 400;
      const where = error.validationContext ?? 'request';
      const detail = issues
        .slice(0, 5)
        .map((issue) => {
          const field = String(issue.instancePath ?? '')
            .replace(/^\//, '')
            .replaceAll('/', '.');
          return field ? `${field}: ${issue.message}` : String(issue.message);
        })
        .join('; ');
      return sendError(reply, status, 'VALIDATION_ERROR', `Invalid ${where}: ${detail}`);
    }
    if (isDomainError(error)) {
      return sendError(reply, statusOfDomainError[error.kind], error.code, error.message);
    }
    if (isDatabaseUnavailable(error)) {
      const { message } = redactedError(error, requestCredentials(request));
      request.log.warn({ err: { message, code: error.code } }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(
        reply,
        503,
        'SERVICE_UNAVAILABLE',
        'The service is briefly unavailable. Please try again.',
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const bare = !error.message || error.message === STATUS_CODES[status];
      const message = bare
        ? (plainMessages[status] ?? `The request was refused (${status}).`)
        : error.message;
      return sendError(reply, status, codeForStatus[status] ?? 'BAD_REQUEST', message);
    }
    const credentials = requestCredentials(request);
    request.log.error({ err: redactedError(error, credentials) }, 'request failed');
    reportError(error, { method: request.method, route: request.routeOptions.url }, credentials);
    return sendError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  });
}

export default fp(errorsPlugin, { name: 'errors' });
