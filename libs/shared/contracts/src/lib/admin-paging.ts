import { z } from 'zod';
import { wholeNumberParam } from './paging';

/** The page number and page size of the admin console's lists. */
export const pageNumber = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(100_000, 'page is too large')
  .default(1);
export const pageSizeOf = (fallback: number) => wholeNumberParam('pageSize', { min: 1, max: 100, fallback });
