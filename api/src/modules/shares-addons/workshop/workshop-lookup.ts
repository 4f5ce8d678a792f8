import { type Game, parseWorkshopId, type WorkshopLookup } from '@outpost/contracts';
import { HttpError } from '../../../lib/http-error';
import {
  fetchCollectionChildren,
  fetchPublishedFiles,
  type WorkshopApiOptions,
  type WorkshopItem,
  WorkshopUnavailableError,
} from './workshop-api';

/** Steam app ids of the games whose shares take Workshop items (Minecraft has no Workshop). */
export const WORKSHOP_APP_IDS: Partial<Record<Game, number>> = { l4d2: 550, tf2: 440, csgo: 730, cs2: 730 };

export interface ResolvedWorkshopInput {
  lookup: WorkshopLookup;
  /** Details of every item to download (the item itself, or the collection's children). */
  items: Map<string, WorkshopItem>;
}

/** Turns Workshop calls' failures into the API's 502. */
export async function workshopCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof WorkshopUnavailableError) throw new HttpError(502, 'WORKSHOP_UNAVAILABLE', error.message);
    throw error;
  }
}

/** A Workshop URL or id looked up: an item, or a collection with its children (GetCollectionDetails first). */
export async function resolveWorkshopInput(api: WorkshopApiOptions, input: string): Promise<ResolvedWorkshopInput> {
  const id = parseWorkshopId(input);
  if (!id)
    throw new HttpError(400, 'INVALID_WORKSHOP_URL', 'Give a Steam Workshop URL (…/filedetails/?id=123) or an item id');
  return workshopCall(async () => {
    const children = await fetchCollectionChildren(api, id);
    const self = (await fetchPublishedFiles(api, [id])).get(id) as WorkshopItem;
    if (!children && self.result !== 1) {
      throw new HttpError(404, 'WORKSHOP_ITEM_NOT_FOUND', `The Workshop item ${id} does not exist or is not public`);
    }
    const items = children ? await fetchPublishedFiles(api, children) : new Map([[id, self]]);
    return {
      lookup: {
        id,
        kind: children ? 'collection' : 'item',
        title: self.title,
        size: children ? null : self.size,
        children: children ?? [],
      },
      items,
    };
  });
}
