import { z } from 'zod';

/** The fields of one page of a list answer: its items, the page number and size, and how many items there are in all. */
export const pageOf = <Item extends z.ZodType>(item: Item) => ({
  items: z.array(item),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/**
 * A whole-number query parameter (`pageSize`, `limit` …) between `min` and `max`, `fallback` when absent; each refusal
 * names the parameter ("limit must be at most 10").
 */
export const wholeNumberParam = (name: string, { min, max, fallback }: { min: number; max: number; fallback: number }) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);
