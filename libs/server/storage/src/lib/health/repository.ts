/** What the health check reads: a real query to the database, cheap enough for load balancers to poll. */
export interface HealthRepository {
  /** How many migrations the database has applied (reading it proves the database answers). */
  migrationsApplied(): Promise<number>;
}
