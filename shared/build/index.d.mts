import type { RsbuildConfig } from '@rsbuild/core';

export function sharedDependencies(options?: {
  eager?: boolean;
}): Record<string, { singleton?: boolean; requiredVersion: string; eager?: boolean }>;
export function containerName(remoteId: string): string;
export function buildInfo(): { branch: string; commit: string; date: string };
export function defineRemoteConfig(options: { id: string }): RsbuildConfig;
export function defineShellConfig(): RsbuildConfig;
export const ROUTE_TABLE_FILE: string;
export function readRouteTable(remoteDir: string, id: string): string;
export function pluginCompressAssets(): import('@rsbuild/core').RsbuildPlugin;
export function defineBarePageConfig(): RsbuildConfig;
