import { DRAFT_TYPES, type DraftType } from './drafts';
import { draftKey, getItem, listKeys, removeItem, sidebarDataKey } from './local-storage.client';

export type Draft = {
  content: unknown;
  sidebar?: Record<string, unknown>;
  client?: { id: string; name: string } | null;
  updatedAt: number;
};

export const getDraft = (userId: string, type: DraftType) => getItem<Draft>(draftKey(userId, type));

/** Which draft types this user has saved now. */
export function draftTypesPresent(userId: string): DraftType[] {
  const keys = new Set(listKeys().map((k) => k.key));
  return (Object.keys(DRAFT_TYPES) as DraftType[]).filter((t) => keys.has(draftKey(userId, t)) && getDraft(userId, t) !== null);
}

export function clearDrafts(userId: string, types: DraftType[]): void {
  for (const t of types) {
    removeItem(draftKey(userId, t));
    removeItem(sidebarDataKey(userId, t));
  }
}
