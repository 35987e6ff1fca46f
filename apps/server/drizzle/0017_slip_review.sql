ALTER TABLE "slips" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slips_review_queue_idx" ON "slips" USING btree ("created_at","id") WHERE "slips"."status" = 'PENDING' or ("slips"."status" = 'FAILED' and "slips"."reviewed_at" is null);--> statement-breakpoint
-- Slips decided before the column existed carry their decision's audit entry: mark them reviewed by it.
UPDATE "slips" SET "reviewed_at" = a."at", "reviewed_by" = a."staff_id"
FROM (
  SELECT DISTINCT ON ("object_id") "object_id", "at", "staff_id" FROM "audit_log"
  WHERE "object_type" = 'slip' AND "action" IN ('slip.credit', 'slip.reject')
  ORDER BY "object_id", "seq"
) a
WHERE a."object_id" = "slips"."id"::text;
