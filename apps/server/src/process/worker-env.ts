/**
 * The environment variable through which the primary hands its server processes the database it
 * opened. In a file of its own so that the primary does not load the server processes' code.
 */
export const WORKER_DATABASE_URL = 'AESA_WORKER_DATABASE_URL';
