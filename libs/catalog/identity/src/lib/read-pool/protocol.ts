import type { PageItem } from '../reader/item';

/** A page sent to a reading thread. */
export interface ReadRequest {
  id: number;
  html: string;
  url?: string;
}

/** A reading thread's answers: loaded and ready (with its kernel thread id, on Linux), a page's item, or why the page could not be read. */
export type ReadAnswer = { ready: true; tid?: number } | { id: number; item: PageItem | null } | { id: number; error: string };
