import type { RsbuildConfig } from '@rsbuild/core';

export function sharedDependencies(): Record<string, { singleton?: boolean; requiredVersion: string }>;
export function containerName(remoteId: string): string;
export function buildInfo(): { branch: string; commit: string; date: string };
export function defineRemoteConfig(options: { id: string }): RsbuildConfig;
export function defineShellConfig(): RsbuildConfig;
