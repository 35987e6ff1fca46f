CREATE TABLE "ops_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"member_id" bigint NOT NULL,
	"amount" bigint,
	"currency" text,
	"reason" text NOT NULL,
	"payload" jsonb,
	"status" text NOT NULL,
	"requested_by" bigint NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ops_approvals_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "ops_approvals_kind" CHECK ("ops_approvals"."kind" in ('credit', 'debit', 'bank-change')),
	CONSTRAINT "ops_approvals_status" CHECK ("ops_approvals"."status" in ('pending', 'approved', 'rejected', 'booked')),
	CONSTRAINT "ops_approvals_amount" CHECK (("ops_approvals"."kind" = 'bank-change' and "ops_approvals"."amount" is null) or ("ops_approvals"."kind" <> 'bank-change' and "ops_approvals"."amount" > 0 and "ops_approvals"."currency" is not null)),
	CONSTRAINT "ops_approvals_not_self" CHECK ("ops_approvals"."decided_by" is null or "ops_approvals"."decided_by" <> "ops_approvals"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "ops_party_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_party_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"party" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ops_party_failures_kind" CHECK ("ops_party_failures"."kind" in ('timeout', 'error'))
);
--> statement-breakpoint
ALTER TABLE "ops_approvals" ADD CONSTRAINT "ops_approvals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_approvals" ADD CONSTRAINT "ops_approvals_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_approvals" ADD CONSTRAINT "ops_approvals_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_approvals" ADD CONSTRAINT "ops_approvals_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ops_approvals_status_idx" ON "ops_approvals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "ops_approvals_member_idx" ON "ops_approvals" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "ops_party_failures_party_at_idx" ON "ops_party_failures" USING btree ("party","at");