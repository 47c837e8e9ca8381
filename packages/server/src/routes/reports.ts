import { isCalendarDate, VOUCHER_REPORT_MESSAGES, VOUCHER_REPORT_MIN_DATE, type VoucherReport } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { today as operatorToday } from '../core/clock.js';
import { BadRequestError, ValidationError } from '../core/errors.js';
import { jsonOnce } from '../engine/answer-cache.js';
import { wantsCsv } from '../http/csv.js';
import { vouchersReport, vouchersReportCsv } from '../services/vouchers-report.js';

// Issue 29 point 4, page 'Rapports': what the vouchers are worth. Administrators only (manage_settings, su
// bypasses), as the settings and the history: the figures are the operator's accounts, not a crew's business.

/** `at` of the query: absent → today; a calendar date from 2000-01-01 to today, else 400 (malformed) or 422. */
export function reportDate(request: FastifyRequest, today = operatorToday()): string {
  const raw = (request.query as Record<string, unknown> | undefined)?.at;
  if (raw === undefined || raw === '') return today;
  if (typeof raw !== 'string' || raw.length !== 10 || !isCalendarDate(raw)) {
    throw new BadRequestError(VOUCHER_REPORT_MESSAGES.invalidDate);
  }
  if (raw > today) throw ValidationError.field('at', VOUCHER_REPORT_MESSAGES.future);
  if (raw < VOUCHER_REPORT_MIN_DATE) throw ValidationError.field('at', VOUCHER_REPORT_MESSAGES.tooOld);
  return raw;
}

export async function registerReportRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect } = app.ctx;
  const administrators = { config: { access: { capability: 'manage_settings' as const } } };
  app.get('/api/reports/vouchers', administrators, async (request, reply) => {
    const at = reportDate(request);
    const csv = wantsCsv(request);
    const report: VoucherReport = await vouchersReport(db, dialect, at);
    if (csv) {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="rapport-bons-${at}.csv"`)
        .header('cache-control', 'no-store')
        .send(vouchersReportCsv(report));
    }
    return reply.type('application/json; charset=utf-8').send(jsonOnce(report));
  });
}
