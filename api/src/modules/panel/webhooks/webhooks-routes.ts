import {
  WEBHOOKS_MAX,
  webhookCreateSchema,
  webhookDeliveriesSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookSchema,
  webhookSettingsSchema,
  webhooksListSchema,
  webhookUpdateSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toJsonColumn } from '../../../db/json-column';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import { requirePermission } from '../../../plugins/authorization';
import { requireStepUp } from '../../../plugins/step-up';
import { metaService } from '../../meta';
import { auditPanelChange } from '../panel-audit';
import type { PanelTables } from '../tables';
import { ALLOW_ANY_HTTPS_SETTING, type DeliveryWorker } from './delivery-worker';
import { checkWebhookUrl } from './webhook-url';
import {
  countWebhooks,
  deleteWebhookRow,
  failPending,
  findDelivery,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  newWebhookId,
  requeueFailed,
  toDelivery,
  toWebhook,
  updateWebhookRow,
  type WebhookRow,
} from './webhooks-repository';
import { queueTestMessage } from './webhooks-service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** What the audit log keeps of a webhook: never its token. */
const auditable = (row: WebhookRow) => {
  const { name, maskedUrl, enabled, kinds } = toWebhook(row);
  return { name, url: maskedUrl, enabled, kinds };
};

/** Discord webhooks: configure, watch their deliveries, send a test (webhooks.manage). */
export const webhooksRoutes: FastifyPluginAsyncZod<OwnDb<PanelTables> & { worker: DeliveryWorker }> = async (
  app,
  { db, worker },
) => {
  const allowAnyHttps = () => metaService.readSetting(db, ALLOW_ANY_HTTPS_SETTING, false);
  const checkedUrl = async (url: string) => {
    const checked = checkWebhookUrl(url, await allowAnyHttps());
    if (!checked.ok) throw new HttpError(400, 'INVALID_WEBHOOK_URL', checked.message);
    return checked.url;
  };
  const webhookOr404 = async (id: string) => {
    const row = await findWebhook(db, id);
    if (!row) throw new HttpError(404, 'WEBHOOK_NOT_FOUND', 'No webhook has this id');
    return row;
  };
  const view = async (id: string) => {
    const found = (await listWebhooks(db)).find((webhook) => webhook.id === id);
    if (!found) throw new HttpError(404, 'WEBHOOK_NOT_FOUND', 'No webhook has this id');
    return found;
  };

  app.get(
    '/panel/webhooks',
    {
      preHandler: requirePermission('webhooks.manage'),
      schema: { tags: ['panel'], response: { 200: webhooksListSchema, ...errors } },
    },
    async () => ({ webhooks: await listWebhooks(db), allowAnyHttps: await allowAnyHttps() }),
  );

  app.post(
    '/panel/webhooks',
    {
      preHandler: [requirePermission('webhooks.manage'), requireStepUp],
      schema: {
        tags: ['panel'],
        description:
          'Adds a webhook. The URL must be a Discord webhook URL (any https URL when the site allows it); it is never answered back whole.',
        body: webhookCreateSchema,
        response: { 201: webhookSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const url = await checkedUrl(body.url);
      if ((await countWebhooks(db)) >= WEBHOOKS_MAX) {
        throw new HttpError(409, 'TOO_MANY_WEBHOOKS', `A site has at most ${WEBHOOKS_MAX} webhooks`);
      }
      const now = nowSeconds();
      const row: WebhookRow = {
        id: newWebhookId(),
        name: body.name,
        url,
        kinds: toJsonColumn(body.kinds),
        enabled: body.enabled ? 1 : 0,
        disabled_reason: null,
        rate_limited_until: 0,
        created_at: now,
        updated_at: now,
      };
      await insertWebhook(db, row);
      await auditPanelChange(request, { message: `added webhook "${row.name}"`, before: null, after: auditable(row) });
      return reply.status(201).send(await view(row.id));
    },
  );

  app.patch(
    '/panel/webhooks/:id',
    {
      preHandler: [requirePermission('webhooks.manage'), requireStepUp],
      schema: {
        tags: ['panel'],
        description:
          'Changes the given fields. Switching a webhook off ends its pending deliveries; switching it on clears why it was disabled.',
        params: webhookIdParamsSchema,
        body: webhookUpdateSchema,
        response: { 200: webhookSchema, ...errors },
      },
    },
    async (request) => {
      const before = await webhookOr404(request.params.id);
      const body = request.body;
      const changes: Partial<WebhookRow> = { updated_at: nowSeconds() };
      if (body.url !== undefined) changes.url = await checkedUrl(body.url);
      if (body.name !== undefined) changes.name = body.name;
      if (body.kinds !== undefined) changes.kinds = toJsonColumn(body.kinds);
      if (body.enabled !== undefined) {
        changes.enabled = body.enabled ? 1 : 0;
        if (body.enabled) changes.disabled_reason = null;
      }
      await updateWebhookRow(db, before.id, changes);
      const after = { ...before, ...changes };
      if (Number(before.enabled) === 1 && after.enabled === 0) {
        await failPending(db, before.id, 'The webhook was switched off before this was sent', nowSeconds());
      }
      const urlReplaced = body.url !== undefined && changes.url !== before.url;
      await auditPanelChange(request, {
        message: `changed webhook "${after.name}"${urlReplaced ? ' (URL replaced)' : ''}`,
        before: auditable(before),
        after: auditable(after),
      });
      return view(before.id);
    },
  );

  app.delete(
    '/panel/webhooks/:id',
    {
      preHandler: [requirePermission('webhooks.manage'), requireStepUp],
      schema: { tags: ['panel'], params: webhookIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const row = await webhookOr404(request.params.id);
      await deleteWebhookRow(db, row.id);
      await auditPanelChange(request, {
        message: `deleted webhook "${row.name}"`,
        before: auditable(row),
        after: null,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/panel/webhooks/:id/deliveries',
    {
      preHandler: requirePermission('webhooks.manage'),
      schema: { tags: ['panel'], params: webhookIdParamsSchema, response: { 200: webhookDeliveriesSchema, ...errors } },
    },
    async (request) => {
      const row = await webhookOr404(request.params.id);
      return { deliveries: (await listDeliveries(db, row.id)).map(toDelivery) };
    },
  );

  app.post(
    '/panel/webhooks/:id/test',
    {
      preHandler: requirePermission('webhooks.manage'),
      schema: {
        tags: ['panel'],
        description:
          'Queues a test message and answers at once (202) with the delivery; it is sent like any other (same queue, retries and rate limits). Poll the deliveries for its outcome.',
        params: webhookIdParamsSchema,
        response: { 202: webhookDeliverySchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await webhookOr404(request.params.id);
      const id = await queueTestMessage(db, app.config, row);
      // The answer is the delivery as queued: read before the worker is woken (it may be sent at once).
      const delivery = await findDelivery(db, id);
      worker.wake();
      await auditPanelChange(request, {
        message: `sent a test message to webhook "${row.name}"`,
        before: null,
        after: null,
      });
      return reply.status(202).send(toDelivery(delivery as NonNullable<typeof delivery>));
    },
  );

  app.post(
    '/panel/webhooks/:id/deliveries/:deliveryId/retry',
    {
      preHandler: requirePermission('webhooks.manage'),
      schema: {
        tags: ['panel'],
        description:
          'Sends a failed delivery again, as if new (its tries start over). 409 unless it failed, or while the webhook is switched off (test messages excepted).',
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliverySchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await webhookOr404(request.params.id);
      const delivery = await findDelivery(db, request.params.deliveryId);
      if (!delivery || delivery.webhook_id !== row.id) {
        throw new HttpError(404, 'DELIVERY_NOT_FOUND', 'This webhook has no delivery with this id');
      }
      if (Number(row.enabled) !== 1 && delivery.kind !== 'test') {
        throw new HttpError(409, 'WEBHOOK_DISABLED', 'Switch the webhook on before sending its deliveries again');
      }
      if (!(await requeueFailed(db, row.id, delivery.id, Date.now()))) {
        throw new HttpError(409, 'DELIVERY_NOT_FAILED', 'Only a failed delivery can be sent again');
      }
      const queued = await findDelivery(db, delivery.id);
      worker.wake();
      await auditPanelChange(request, {
        message: `sent a failed delivery of webhook "${row.name}" again`,
        before: { delivery: delivery.title, error: delivery.last_error },
        after: null,
      });
      return reply.status(202).send(toDelivery(queued as NonNullable<typeof queued>));
    },
  );

  app.put(
    '/panel/webhooks/settings',
    {
      preHandler: [requirePermission('panel.settings'), requireStepUp],
      schema: {
        tags: ['panel'],
        description:
          'The site setting that lets a webhook be any https URL, not only a Discord webhook (panel.settings: it widens where the API sends data).',
        body: webhookSettingsSchema,
        response: { 200: webhookSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const before = await allowAnyHttps();
      await metaService.writeSetting(db, ALLOW_ANY_HTTPS_SETTING, request.body.allowAnyHttps);
      await auditPanelChange(request, {
        message: 'changed the webhook URL setting',
        before: { allowAnyHttps: before },
        after: { allowAnyHttps: request.body.allowAnyHttps },
      });
      return { allowAnyHttps: request.body.allowAnyHttps };
    },
  );
};
