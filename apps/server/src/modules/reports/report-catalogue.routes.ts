import { ERROR_RESPONSES, FileResponse } from '@enviro/contracts/common';
import { Address, AddressParams, CreateReportJob, CreateReportSchedule, ParameterWiseReportRequest, ReportCatalogue, ReportEmailed, ReportEmailQuery, ReportIdParams, ReportIndustryList, ReportIndustryRequest, ReportParamsList, ReportParamsRequest, ReportJob, ReportJobList, ReportRunRequest, ReportSchedule, ReportScheduleList, ReportScheduleRunList } from '@enviro/contracts/report-catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReportsModule } from './reports.module.ts';
import { z } from 'zod';
import { APP_RULES, TENANT_READ } from '../../platform/access/route-access.ts';
import { badRequest } from '../../platform/errors.ts';
import { attachment } from '../../platform/http/attachment.ts';

const OK = z.object({ ok: z.literal(true) });
const FileOrEmailed = z.union([FileResponse, ReportEmailed]);

/** The report catalogue, report runs and jobs, scheduled reports and billing addresses (issue 14, SPEC 7 Reports). */
export const reportCatalogueRoutes: FastifyPluginAsyncZod<ReportsModule> = async (app, { catalogue, jobs }) => {
  const tags = ['reports'];

  for (const [url, audience, summary] of [
    ['/api/reports', undefined, "Reports offered to the caller's kind of user"],
    ['/api/reports/statutory', 'statutory', 'Reports offered to boards'],
    ['/api/reports/site', 'site', 'Reports offered to the site'],
  ] as const) {
    app.get(url, { config: { access: TENANT_READ }, schema: { tags, summary, response: { 200: ReportCatalogue, ...ERROR_RESPONSES } } }, async (request) => ({
      items: catalogue.list(request.auth, audience),
    }));
  }

  /** Answers the report as a file, or with ?isemail=email mails it to `emails` (the caller by default). */
  const run = async (
    request: { auth: import('../../platform/access/auth.ts').Auth; query: { isemail?: 'email' | undefined }; body: z.output<typeof ReportRunRequest> },
    reply: import('fastify').FastifyReply,
    id: number,
  ) => {
    const file = await catalogue.file(request.auth, id, request.body.format, request.body.request);
    if (request.query.isemail !== 'email') return attachment(reply, file.fileName, file.contentType).send(file.content);
    let to = request.body.emails ?? [];
    if (to.length === 0 && request.auth.kind === 'user') {
      const own = await jobs.userEmail(request.auth.userId);
      if (own) to = [own];
    }
    if (to.length === 0) throw badRequest('body.emails', 'name at least one address to mail the report to');
    for (const address of to) {
      await app.messaging.mailer.send({
        to: address,
        subject: file.fileName,
        text: `The report ${file.fileName} is attached.`,
        html: `<p>The report ${file.fileName} is attached.</p>`,
        attachments: [{ filename: file.fileName, content: file.content, contentType: file.contentType }],
      });
    }
    return { emailed: to };
  };

  app.post(
    '/api/reports/:id',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: 'Build a catalogue report as CSV, PDF or XLS; ?isemail=email mails it instead', params: ReportIdParams, querystring: ReportEmailQuery, body: ReportRunRequest, response: { 200: FileOrEmailed, ...ERROR_RESPONSES } },
    },
    async (request, reply) => run(request, reply, request.params.id),
  );

  app.post(
    '/api/data-availability-report/:id',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: 'A data-availability report (35: stations, 36: industries; SPEC 5)', params: ReportIdParams, querystring: ReportEmailQuery, body: ReportRunRequest, response: { 200: FileOrEmailed, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      if (request.params.id !== 35 && request.params.id !== 36) throw badRequest('params.id', 'the data-availability route serves reports 35 and 36');
      return run(request, reply, request.params.id);
    },
  );

  app.post(
    '/api/dataAvailabilityReport',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: 'Data availability per station, parameter and IST day (report 35)', querystring: ReportEmailQuery, body: ReportRunRequest, response: { 200: FileOrEmailed, ...ERROR_RESPONSES } },
    },
    async (request, reply) => run(request, reply, 35),
  );

  app.post(
    '/api/parameterwisereport',
    {
      config: { access: TENANT_READ },
      schema: { tags, summary: 'Daily or monthly averages of the chosen parameters under a report name', body: ParameterWiseReportRequest, response: { 200: FileResponse, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const b = request.body;
      const file = await catalogue.file(request.auth, b.reportType === 'daily' ? 1 : 2, b.format, b.request, undefined, b.reportName);
      return attachment(reply, file.fileName, file.contentType).send(file.content);
    },
  );

  app.get(
    '/api/address/:tenantOrEntity/:type/:id',
    { config: { access: TENANT_READ }, schema: { tags, summary: "A tenant's or station's billing address (SPEC 3 Address)", params: AddressParams, response: { 200: Address, ...ERROR_RESPONSES } } },
    async (request) => catalogue.address(request.auth, request.params.tenantOrEntity, request.params.type, request.params.id),
  );

  app.post(
    '/api/report-industry',
    { config: { access: TENANT_READ }, schema: { tags, summary: 'The industries the caller may run a report for, by name (a board: its industries)', body: ReportIndustryRequest, response: { 200: ReportIndustryList, ...ERROR_RESPONSES } } },
    async (request) => catalogue.industries(request.auth, request.body.reportId, request.body.search),
  );
  app.post(
    '/api/report-params',
    { config: { access: TENANT_READ }, schema: { tags, summary: "An industry's stations and the parameters their devices report, for a report's form", body: ReportParamsRequest, response: { 200: ReportParamsList, ...ERROR_RESPONSES } } },
    async (request) => catalogue.reportParams(request.auth, request.body.tenantId, request.body.entityIds),
  );

  // Jobs --------------------------------------------------------------------------------------

  app.post(
    '/api/report-jobs',
    { config: { access: APP_RULES }, schema: { tags, summary: 'Queue a long report; poll it for progress and download it when done', body: CreateReportJob, response: { 200: ReportJob, ...ERROR_RESPONSES } } },
    async (request) => jobs.createJob(request.auth, request.body),
  );
  app.get(
    '/api/report-jobs',
    { config: { access: APP_RULES }, schema: { tags, summary: "The caller's latest report jobs", response: { 200: ReportJobList, ...ERROR_RESPONSES } } },
    async (request) => ({ items: await jobs.jobs(request.auth) }),
  );
  app.get(
    '/api/report-jobs/:id',
    { config: { access: APP_RULES }, schema: { tags, summary: 'A report job: status, percentage and rows so far', params: ReportIdParams, response: { 200: ReportJob, ...ERROR_RESPONSES } } },
    async (request) => jobs.job(request.auth, request.params.id),
  );
  app.get(
    '/api/report-jobs/:id/file',
    { config: { access: APP_RULES }, schema: { tags, summary: "A finished report job's file", params: ReportIdParams, response: { 200: FileResponse, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const file = await jobs.jobFile(request.auth, request.params.id);
      return attachment(reply, file.fileName, file.contentType).send(file.content);
    },
  );

  // Schedules ---------------------------------------------------------------------------------

  app.get(
    '/api/scheduled-reports',
    { config: { access: APP_RULES }, schema: { tags, summary: 'Scheduled e-mail reports of the tenants the caller reads', response: { 200: ReportScheduleList, ...ERROR_RESPONSES } } },
    async (request) => ({ items: await jobs.schedules(request.auth) }),
  );
  app.post(
    '/api/scheduled-reports',
    { config: { access: 'userAdmin' }, schema: { tags, summary: 'Schedule a report to be mailed every day, week, month or quarter (IST)', body: CreateReportSchedule, response: { 200: ReportSchedule, ...ERROR_RESPONSES } } },
    async (request) => jobs.createSchedule(request.auth, request.body),
  );
  app.delete(
    '/api/scheduled-reports/:id',
    { config: { access: 'userAdmin' }, schema: { tags, summary: 'Delete a scheduled report and its run history', params: ReportIdParams, response: { 200: OK, ...ERROR_RESPONSES } } },
    async (request) => {
      await jobs.deleteSchedule(request.auth, request.params.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/api/scheduled-reports/:id/runs',
    { config: { access: APP_RULES }, schema: { tags, summary: "A scheduled report's runs, newest period first: sent, failed (with the error) or running", params: ReportIdParams, response: { 200: ReportScheduleRunList, ...ERROR_RESPONSES } } },
    async (request) => ({ items: await jobs.runs(request.auth, request.params.id) }),
  );
};
