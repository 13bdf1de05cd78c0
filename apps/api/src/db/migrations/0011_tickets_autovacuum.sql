-- Analytics reads tickets through index-only scans, which visit the table for every page not marked
-- all-visible since the last vacuum. The defaults wait for 20 % of a large table to change; 2 % keeps
-- the visibility map close to fresh as sales and check-ins arrive (docs/analytics.md).
ALTER TABLE "tickets" SET (autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.02);
