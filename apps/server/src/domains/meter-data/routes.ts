/** GET /api/tracker/export: the customer's interval data as CSV (docs/contracts.md), streamed. */
import { Readable } from 'node:stream';
import { endpoints, exportQuerySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../lib/route.ts';
import { exportCsvLines } from './export.ts';

export const meterDataRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.exportCsv, {
    schema: {
      summary: 'Download the interval data of an account as CSV (AEST, from and to included)',
      tags: ['tracker'],
      querystring: exportQuerySchema,
      produces: ['text/csv'],
      response: {
        200: {
          description: 'CSV: interval_start,interval_minutes,import_kwh,export_kwh,quality',
          content: { 'text/csv': { schema: z.string() } },
        },
      },
    },
    handler: async (request, reply) => {
      const account = request.account;
      const { from, to } = request.query;
      const lines = exportCsvLines(app.db, account, from, to);
      const body = Readable.from(
        (async function* () {
          for await (const line of lines) yield `${line}\n`;
        })(),
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="usage-${from}-to-${to}.csv"`)
          .header('cache-control', 'private, no-store')
          // A stream is piped as it is; the schema above only describes it.
          .send(body as unknown as string)
      );
    },
  });
};
