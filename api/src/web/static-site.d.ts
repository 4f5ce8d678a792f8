import type { FastifyPluginAsync } from 'fastify';
export interface StaticSiteOptions {
  /** Folder holding shell/dist and remotes/<id>/dist. */
  webRoot: string;
  /** Path of the remote registry served as /remotes.json. */
  registryPath: string;
}
/**
 * Serves the shell at /, every built remote under /remotes/<id>/ and the registry at
 * /remotes.json, all from the same process as the API. Remotes are read from disk on
 * each request, so publishing one remote needs no restart.
 */
export declare const staticSite: FastifyPluginAsync<StaticSiteOptions>;
/** The shell's index.html, for / and for every client-side route. */
export declare function sendShell(reply: {
  header(name: string, value: string): unknown;
  sendFile(file: string): unknown;
}): unknown;
