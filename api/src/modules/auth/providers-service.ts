import type { Provider } from '@outpost/contracts';
import type { FastifyInstance } from 'fastify';

/** The sign-in providers besides Steam a user may link (SPEC 3 "Connection provider"). */
export async function listProviders(app: FastifyInstance, _userId: string): Promise<Provider[]> {
  const config = app.config;
  if (!config.DISCORD_CLIENT_ID || !config.DISCORD_CLIENT_SECRET) return [];
  return [{ id: 'discord', name: 'Discord', enabled: false, expired: false, data: null }];
}
