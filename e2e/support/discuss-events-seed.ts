import { type BrowserContext, expect } from '@playwright/test';
import { baseURL } from '../playwright.config';

// Long discussion threads for the discuss-events specs: many replies posted through the
// real API. The per-user posting limit (a site setting, 5 a minute by default) is raised
// while they are posted and put back after, so the test needs a context holding both
// discuss.use and panel.settings.

const headers = { origin: baseURL };

export async function postManyReplies(context: BrowserContext, threadId: number, bodies: string[]): Promise<number[]> {
  const before = await context.request.get('/api/panel/settings');
  expect(before.status(), await before.text()).toBe(200);
  const { discussions } = (await before.json()) as { discussions: { postsPerMinute: number; maxBodyChars: number } };
  const raised = await context.request.put('/api/panel/settings', {
    headers,
    data: { discussions: { ...discussions, postsPerMinute: 1000 } },
  });
  expect(raised.status(), await raised.text()).toBe(200);
  const ids: number[] = [];
  try {
    for (const body of bodies) {
      const response = await context.request.post(`/api/discussions/${threadId}/replies`, { headers, data: { body } });
      expect(response.status(), await response.text()).toBe(201);
      ids.push(((await response.json()) as { id: number }).id);
    }
  } finally {
    await context.request.put('/api/panel/settings', { headers, data: { discussions } });
  }
  return ids;
}
