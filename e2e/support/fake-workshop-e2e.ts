import { campaignVpk } from '../../api/src/test-support/addon-fixtures';
import { startFakeWorkshop } from '../../api/src/test-support/fakes/fake-workshop';

/** Workshop ids the shares-addons specs use. */
export const E2E_WORKSHOP = {
  item: '3001',
  itemTitle: 'Highway Hell',
  collection: '3100',
  collectionTitle: 'Campaign pack',
  collectionItems: ['3002', '3003'],
};

/** Padding so a download takes a visible moment (progress events) without slowing the run. */
const padded = (title: string) => Buffer.concat([campaignVpk(title), Buffer.alloc(1_500_000, 1)]);

/** The fake Workshop for e2e: one item and a two-item collection, served in paced chunks. */
export async function startE2eWorkshop() {
  const workshop = await startFakeWorkshop({
    items: [
      { id: E2E_WORKSHOP.item, title: E2E_WORKSHOP.itemTitle, data: padded(E2E_WORKSHOP.itemTitle) },
      { id: '3002', title: 'Bridge Run', data: padded('Bridge Run') },
      { id: '3003', title: 'Mall Rush', data: padded('Mall Rush') },
    ],
    collections: [
      { id: E2E_WORKSHOP.collection, title: E2E_WORKSHOP.collectionTitle, children: E2E_WORKSHOP.collectionItems },
    ],
  });
  workshop.pacing.chunkDelayMs = 60;
  return {
    workshop,
    env: { WORKSHOP_API_URL: workshop.apiUrl, WORKSHOP_FILE_HOSTS: workshop.fileHost },
  };
}
