import { z } from 'zod';

/** The fields of one page of a list answer: its items, the page number and size, and how many items there are in all. */
export const pageOf = <Item extends z.ZodType>(item: Item) => ({
  items: z.array(item),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
