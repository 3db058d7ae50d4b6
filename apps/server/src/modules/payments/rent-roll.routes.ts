import {
  ErrorResponseSchema,
  isDeletedAccountEmail,
  RentRollExportQuerySchema,
  RentRollPageSchema,
  RENT_ROLL_PAGE_SIZE,
  RentRollQuerySchema,
  type RentRollRow,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarDay } from '../../lib/clock';
import { toCsv } from '../../lib/csv';
import { sendKept } from '../../lib/changes-cache';
import { keptPageKey } from '../../lib/paging';
import { prepareJson } from '../../lib/prepared-answer';
import { billingRules } from './payments.service';
import { rentRoll, rentRollRows } from './rent-roll.service';

const CSV_COLUMNS = [
  'apartment',
  'tenant',
  'email',
  'status',
  'rent',
  'start',
  'termEnd',
  'lastDay',
  'paidThrough',
  'balance',
  'overdueMonths',
  'lastPaymentAt',
  'lastPaymentAmount',
  'depositHeld',
  'chargesOwed',
] as const;

const csvRow = (row: RentRollRow) => [
  row.apartmentNo,
  row.tenant.name,
  isDeletedAccountEmail(row.tenant.email) ? '' : row.tenant.email,
  row.status,
  String(row.rent),
  row.startDate ?? '',
  row.endDate ?? '',
  row.endsOn ?? '',
  row.paidThrough ?? '',
  String(row.balance),
  String(row.overdueMonths),
  row.lastPayment?.at ?? '',
  row.lastPayment ? String(row.lastPayment.amount) : '',
  String(row.depositHeld),
  String(row.chargesOwed),
];

/** The rent roll (admin): every lease with what it owes and has paid, paged, and as CSV. */
export const rentRollRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = billingRules(app.config);
  const admin = { access: ['admin' as const] };

  app.get(
    '/admin/rent-roll',
    {
      config: admin,
      schema: {
        querystring: RentRollQuerySchema,
        response: { 200: RentRollPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { query } = request;
      const load = async () =>
        prepareJson(reply, await rentRoll(app.db, rules, request.now, query));
      // A page of the roll as the admin browses it (one of the first, at the web app's size, with
      // no search text: those are as many as the words typed) is kept by this server for the
      // building's day until any data changes (ADR 019). The figures it is read from change
      // only with the tables that announce.
      const day = calendarDay(request.now, rules.timeZone);
      const key = query.q
        ? undefined
        : keptPageKey(`rent roll:${day}:${query.filter}:${query.sort}`, query.page, query.limit, [
            RENT_ROLL_PAGE_SIZE,
          ]);
      return sendKept(request, reply, key, load);
    },
  );

  app.get(
    '/admin/rent-roll/export.csv',
    { config: admin, schema: { querystring: RentRollExportQuerySchema } },
    async (request, reply) => {
      const rows = await rentRollRows(app.db, rules, request.now, request.query);
      const day = calendarDay(request.now, rules.timeZone);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="rent-roll-${day}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(toCsv(CSV_COLUMNS, rows.map(csvRow)));
    },
  );
};
