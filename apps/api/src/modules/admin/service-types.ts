import type { FeedFormat } from '@pricehunt/contracts';
import type { ImportRunReads, IngestionService } from '@pricehunt/catalog-core';
import type { AdminRepository } from '@pricehunt/storage';
import type { Logger } from '../../lib/logger';

/** The admin doing something, as the audit log records them. */
export interface Actor {
  id: string;
  email: string;
}

export interface AdminServiceDeps {
  repo: AdminRepository;
  catalog: { ingestion: IngestionService; repository: Pick<ImportRunReads, 'listImportRuns' | 'countImportRuns' | 'getImportRun'> };
  log: Logger;
  now?: () => Date;
}

export interface ImportInput {
  fileName: string;
  content: Buffer;
  format?: FeedFormat;
  retailerId?: string;
  retailerName?: string;
}
