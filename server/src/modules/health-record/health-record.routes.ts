import {
  AssessmentIdSchema,
  ConsentStatusSchema,
  CreateShareRequestSchema,
  CreateShareResponseSchema,
  DeleteAccountRequestSchema,
  GrantConsentRequestSchema,
  HistoryQuerySchema,
  HistoryResponseSchema,
  ReportQuerySchema,
  ShareListResponseSchema,
  ShareSchema,
  WithdrawConsentRequestSchema,
  WithdrawConsentResponseSchema,
  type Language,
} from '@medibuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, problemResponses } from '../../plugins/errors';
import { clearSessionCookie, isWellFormedToken, requireUser, type CurrentUser } from '../../plugins/session';
import { languageOfAcceptLanguage } from '../../locales/texts';
import { SHARE_GONE_MESSAGE, type HealthRecordService } from './health-record.service';

/**
 * A person's own report is written in their account's language when they chose Hindi, otherwise in the request's (a
 * download link sends the browser's Accept-Language, not the page's): as the recovery e-mail (decision 041).
 */
function reportLanguageOf(user: CurrentUser, request: FastifyRequest): Language {
  return user.language === 'en' ? languageOfAcceptLanguage(request.headers['accept-language']) : user.language;
}

function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

function sendJsonFile(reply: FastifyReply, body: unknown, fileName: string, type = 'application/json') {
  return reply
    .type(`${type}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body, null, 2));
}

const day = () => new Date().toISOString().slice(0, 10);

/** /api/health-record/*, /api/account/delete and /api/shared-reports/:token (docs/decisions/012-health-record.md). */
export async function healthRecordRoutes(
  app: FastifyInstance,
  { healthRecord }: { healthRecord: HealthRecordService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['health record'];
  const signedIn = { onRequest: requireUser };

  r.get(
    '/health-record/history',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Your assessments, newest first, with the values their trends chart: ?limit= a page (1-100, 50 by default), ?cursor= the next page (nextCursor), ?test= one test',
        querystring: HistoryQuerySchema,
        response: { 200: HistoryResponseSchema, ...problemResponses([400, 401]) },
      },
    },
    async (request) => {
      const language = languageOfAcceptLanguage(request.headers['accept-language']);
      return healthRecord.history(await request.requireUserId(), request.query, language);
    },
  );

  r.get(
    '/health-record/consent',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Your consent to store health data',
        response: { 200: ConsentStatusSchema, ...problemResponses([401]) },
      },
    },
    async (request) => healthRecord.consent((await request.requireUser()).id),
  );

  r.post(
    '/health-record/consent',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Consent to store health data (the current wording, by its version)',
        body: GrantConsentRequestSchema,
        response: { 200: ConsentStatusSchema, ...problemResponses([400, 401]) },
      },
    },
    async (request) => healthRecord.grantConsent((await request.requireUser()).id),
  );

  r.post(
    '/health-record/consent/withdraw',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Withdraw consent: nothing new is stored; with deleteData, every stored assessment is deleted',
        body: WithdrawConsentRequestSchema,
        response: { 200: WithdrawConsentResponseSchema, ...problemResponses([400, 401]) },
      },
    },
    async (request) => healthRecord.withdrawConsent((await request.requireUser()).id, request.body.deleteData),
  );

  r.get(
    '/health-record/report.pdf',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Your whole history as a PDF (?paper=A4|Letter)',
        querystring: ReportQuerySchema,
        response: problemResponses([400, 401, 503]),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return sendPdf(
        reply,
        await healthRecord.historyReport(user, request.query.paper, reportLanguageOf(user, request)),
        `medibuddy-health-record-${day()}.pdf`,
      );
    },
  );

  r.get(
    '/health-record/assessments/:id/report.pdf',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'One assessment of yours as a PDF (?paper=A4|Letter)',
        params: z.object({ id: AssessmentIdSchema }),
        querystring: ReportQuerySchema,
        response: problemResponses([400, 401, 404, 503]),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const language = reportLanguageOf(user, request);
      const pdf = await healthRecord.assessmentReport(user, request.params.id, request.query.paper, language);
      return sendPdf(reply, pdf, `medibuddy-report-${day()}.pdf`);
    },
  );

  r.post(
    '/health-record/shares',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Create a read-only link to one report (7 days unless expiresInDays says otherwise)',
        body: CreateShareRequestSchema,
        response: { 201: CreateShareResponseSchema, ...problemResponses([400, 401, 404]) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const body = CreateShareRequestSchema.parse(request.body);
      return reply.status(201).send(await healthRecord.createShare(user.id, body.assessmentId, body.expiresInDays));
    },
  );

  r.get(
    '/health-record/shares',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Your share links (the links themselves are shown only once)',
        response: { 200: ShareListResponseSchema, ...problemResponses([401]) },
      },
    },
    async (request) => ({ shares: await healthRecord.listShares((await request.requireUser()).id) }),
  );

  r.delete(
    '/health-record/shares/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revoke a share link: it stops working at once',
        params: z.object({ id: z.uuid('must be a valid share id') }),
        response: { 200: ShareSchema, ...problemResponses([400, 401, 404]) },
      },
    },
    async (request) => healthRecord.revokeShare((await request.requireUser()).id, request.params.id),
  );

  r.get(
    '/shared-reports/:token',
    {
      schema: {
        tags,
        summary: 'A shared report (read-only PDF), while its link is neither expired nor revoked',
        params: z.object({ token: z.string() }),
        querystring: ReportQuerySchema,
        response: problemResponses([400, 404, 503]),
      },
    },
    async (request, reply) => {
      if (!isWellFormedToken(request.params.token)) throw new AppError('not_found', SHARE_GONE_MESSAGE);
      const language = languageOfAcceptLanguage(request.headers['accept-language']);
      const pdf = await healthRecord.sharedReport(request.params.token, request.query.paper, language);
      reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
      return sendPdf(reply, pdf, 'medibuddy-shared-report.pdf', 'inline');
    },
  );

  r.get(
    '/health-record/export.json',
    {
      ...signedIn,
      schema: { tags, summary: 'Everything MediBuddy holds about you, as JSON', response: problemResponses([401]) },
    },
    async (request, reply) =>
      sendJsonFile(reply, await healthRecord.exportJson(await request.requireUser()), `medibuddy-export-${day()}.json`),
  );

  r.get(
    '/health-record/export.fhir.json',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Your record as a FHIR R4 Bundle (Patient, Observation, RiskAssessment, DocumentReference)',
        response: problemResponses([401]),
      },
    },
    async (request, reply) =>
      sendJsonFile(
        reply,
        await healthRecord.exportFhir(await request.requireUser()),
        `medibuddy-fhir-${day()}.json`,
        'application/fhir+json',
      ),
  );

  r.post(
    '/account/delete',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Delete your account and everything in it, after re-entering your password',
        body: DeleteAccountRequestSchema,
        response: { 204: z.null(), ...problemResponses([400, 401]) },
      },
    },
    async (request, reply) => {
      await healthRecord.deleteAccount(await request.requireUser(), request.body.password);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );
}
