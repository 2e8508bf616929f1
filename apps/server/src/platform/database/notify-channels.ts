/**
 * PostgreSQL NOTIFY channels the servers of one database talk over (several instances, one
 * database: docs/INSTANCES.md).
 *
 * `enviro_readings`: ingestion notifies it in the transaction that commits a batch, once per tenant
 * of the batch with the tenant id as payload (PostgreSQL folds repeats within a transaction and
 * delivers only on commit), so every server's live-value streams learn of committed readings
 * whichever server ingested them.
 */
export const READINGS_CHANNEL = 'enviro_readings';
