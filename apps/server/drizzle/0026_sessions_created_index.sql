-- Ended member sessions older than the 30 days an address stays known are deleted by created_at
-- (sessions-prune.job.ts); this index finds them without reading the whole table.
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at");