import {
  apiErrorSchema,
  shareIdParamSchema,
  type WorkshopJob,
  workshopJobCreateSchema,
  workshopJobParamSchema,
  workshopJobSchema,
  workshopJobsResponseSchema,
  workshopLookupQuerySchema,
  workshopLookupResponseSchema,
} from '@outpost/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../lib/http-error';
import { requirePermission } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import { auditService } from '../../audit';
import type { SharesContext } from '../shares-context';
import { shareErrors, shareOr404 } from '../shares-routes';
import { findJob, listJobs, toWorkshopJob } from './workshop-jobs-repository';
import { resolveWorkshopInput } from './workshop-lookup';

const workshopErrors = { ...shareErrors, 502: apiErrorSchema };
const finished = (job: WorkshopJob) => job.state === 'done' || job.state === 'failed' || job.state === 'cancelled';

/** Steam Workshop: look up, start a download job (item or collection), follow it live, cancel it. */
export function registerWorkshopRoutes(parent: FastifyInstance, { db, jobs }: SharesContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const api = () => ({ baseUrl: app.config.WORKSHOP_API_URL, timeoutMs: app.config.WORKSHOP_TIMEOUT_MS });
  const jobOr404 = async (jobId: string) => {
    const row = await findJob(db, jobId);
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'No Workshop job has this id');
    return toWorkshopJob(row);
  };

  app.get(
    '/shares/workshop/lookup',
    {
      preHandler: requirePermission('shares.upload'),
      schema: {
        tags: ['shares'],
        querystring: workshopLookupQuerySchema,
        response: { 200: workshopLookupResponseSchema, ...workshopErrors },
      },
    },
    async (request) => (await resolveWorkshopInput(api(), request.query.url)).lookup,
  );

  app.post(
    '/shares/:shareId/workshop-jobs',
    {
      preHandler: requirePermission('shares.upload'),
      schema: {
        tags: ['shares'],
        params: shareIdParamSchema,
        body: workshopJobCreateSchema,
        response: { 201: workshopJobSchema, ...workshopErrors },
      },
    },
    async (request, reply) => {
      const share = await shareOr404(db, request.params.shareId);
      const job = await jobs.create(share, request.body.url, await accountsService.actorOf(db, request));
      return reply.status(201).send(job);
    },
  );

  app.get(
    '/shares/:shareId/workshop-jobs',
    {
      preHandler: requirePermission('shares.view'),
      schema: {
        tags: ['shares'],
        params: shareIdParamSchema,
        response: { 200: workshopJobsResponseSchema, ...shareErrors },
      },
    },
    async (request) => {
      await shareOr404(db, request.params.shareId);
      return { jobs: (await listJobs(db, request.params.shareId)).map(toWorkshopJob) };
    },
  );

  app.get(
    '/shares/workshop-jobs/:jobId',
    {
      preHandler: requirePermission('shares.view'),
      schema: {
        tags: ['shares'],
        params: workshopJobParamSchema,
        response: { 200: workshopJobSchema, ...shareErrors },
      },
    },
    async (request) => jobOr404(request.params.jobId),
  );

  app.post(
    '/shares/workshop-jobs/:jobId/cancel',
    {
      preHandler: requirePermission('shares.upload'),
      schema: {
        tags: ['shares'],
        params: workshopJobParamSchema,
        response: { 200: workshopJobSchema, ...shareErrors },
      },
    },
    async (request) => {
      const job = await jobOr404(request.params.jobId);
      if (finished(job)) throw new HttpError(409, 'JOB_FINISHED', 'This job has already finished');
      await jobs.cancel(job.id);
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeAudit(db, {
        client: actor.id,
        clientName: actor.name,
        target: job.shareId,
        message: `Cancelled the Workshop download of ${job.title ?? job.workshopId}`,
      });
      return jobOr404(job.id);
    },
  );

  app.get(
    '/shares/workshop-jobs/:jobId/events',
    {
      preHandler: requirePermission('shares.view'),
      schema: {
        tags: ['shares'],
        description: 'Server-sent events: the job as JSON on every change; the stream ends when the job has finished.',
        params: workshopJobParamSchema,
        response: { 200: z.string(), ...shareErrors },
      },
    },
    async (request, reply) => {
      const first = await jobOr404(request.params.jobId);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let closed = false;
      let lastSent = '';
      const send = (job: WorkshopJob) => {
        if (closed) return;
        const text = JSON.stringify(job);
        if (text !== lastSent) {
          lastSent = text;
          raw.write(`event: job\ndata: ${text}\n\n`);
        }
        if (finished(job)) close();
      };
      // Changes made by this instance arrive at once; a job run by another instance is read
      // from the database every second (which also covers a missed in-process update).
      const unsubscribe = jobs.subscribe(first.id, send);
      const poll = setInterval(async () => {
        const row = await findJob(db, first.id).catch(() => undefined);
        if (row) send(toWorkshopJob(row));
      }, 1000);
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), app.config.SSE_HEARTBEAT_SECONDS * 1000);
      function close() {
        if (closed) return;
        closed = true;
        clearInterval(poll);
        clearInterval(heartbeat);
        unsubscribe();
        raw.end();
      }
      raw.on('close', close);
      send(first);
    },
  );
}
