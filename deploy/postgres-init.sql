-- Run by the postgres image once, when it creates the data directory (compose.yaml).
-- Behind PgBouncer the app cannot set search_path when it connects, so the role's own default
-- is empty: a tenant table is found only inside a transaction that chose its organisation.
-- On a database created before this file existed, run it once by hand (psql -U merit merit).
ALTER ROLE merit IN DATABASE merit SET search_path = '';
