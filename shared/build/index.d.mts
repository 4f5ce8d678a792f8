import type { RsbuildConfig } from '@rsbuild/core';

export function sharedDependencies(options?: {
  eager?: boolean;
}): Record<string, { singleton?: boolean; requiredVersion: string; eager?: boolean }>;
export function containerName(remoteId: string): string;
export function buildInfo(): { branch: string; commit: string; date: string };
/** `pageCatalogs`: { owner id: [catalog folders] } the server puts in the page (page-catalogs-plugin.mjs). */
export function defineRemoteConfig(options: { id: string; pageCatalogs?: Record<string, string[]> }): RsbuildConfig;
export function defineShellConfig(): RsbuildConfig;
export const ROUTE_TABLE_FILE: string;
export function readRouteTable(remoteDir: string, id: string): string;
export function pluginCompressAssets(): import('@rsbuild/core').RsbuildPlugin;
export function defineBarePageConfig(): RsbuildConfig;
export const PRERENDER_FILE: string;
export const LOOPBACK_ORIGIN: RegExp;
/** Module Federation packages a remote entry takes from globals the shell sets (package -> global). */
export const SHELL_RUNTIME_GLOBALS: Record<string, string>;
export interface PrerenderBuild {
  entry: string;
  external: string[];
  replace?: Record<string, string>;
}
export const SHELL_PRERENDER: PrerenderBuild;
export const REMOTE_PRERENDER: PrerenderBuild;
/** Builds an app's prerender module (CommonJS for Node) into distPath/PRERENDER_FILE. */
export function buildPrerender(
  options: PrerenderBuild & { rootPath: string; distPath: string; define: Record<string, string>; minify: boolean },
): Promise<void>;
export const CATALOG_COMPLETENESS_FILE: string;
/** { keys: English keys, translated: locale -> how many of them it translates } of a locales/ folder; null without en.json. */
export function catalogCompleteness(localesDir: string): { keys: number; translated: Record<string, number> } | null;
