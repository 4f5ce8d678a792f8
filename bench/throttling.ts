import type { BrowserContext, Page } from '@playwright/test';

/**
 * A mid-range phone on a poor connection (issue 30 item 3): Chromium's CPU slowed 4x and the
 * network shaped like Lighthouse's "slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
 * Both pages of a pair get the same, so the ratio says what our page costs there.
 */
export const SLOW_PHONE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
} as const;

export const SLOW_PHONE_LABEL = '4x CPU slowdown, slow 4G (150 ms, 1.6 Mbit/s)';

/** Applies SLOW_PHONE to a page before it navigates (DevTools protocol, as DevTools does). */
export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
    uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
  });
}
