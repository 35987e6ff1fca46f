CREATE TABLE "deposit_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"feed_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_references" (
	"source" text NOT NULL,
	"reference" text NOT NULL,
	"member_id" bigint NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_references_source_reference_pk" PRIMARY KEY("source","reference")
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"gateway_ref" text NOT NULL,
	"payload" text NOT NULL,
	"status" text NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_feed" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_bank_feed_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sending_bank" text NOT NULL,
	"trans_ref" text NOT NULL,
	"from_bank_code" text NOT NULL,
	"from_account_no" text NOT NULL,
	"to_bank_code" text NOT NULL,
	"to_account_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"visible_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_orders" (
	"ref" text PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"merchant_ref" text NOT NULL,
	"amount" bigint NOT NULL,
	"payload" text NOT NULL,
	"status" text NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"withdrawal_id" bigint PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"account_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_truemoney" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_truemoney_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"from_phone" text,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"redeemed_by" text,
	"processed_at" timestamp with time zone,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_truemoney_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "slips" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"sending_bank" text,
	"trans_ref" text,
	"file_path" text,
	"link" text,
	"transaction_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slips_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account_no" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"status" text NOT NULL,
	"payout_ref" text,
	"note" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD CONSTRAINT "deposit_notices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_references" ADD CONSTRAINT "deposit_references_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_references" ADD CONSTRAINT "deposit_references_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_notices_open_idx" ON "deposit_notices" USING btree ("member_id","amount") WHERE "deposit_notices"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_one_open_key" ON "qr_codes" USING btree ("member_id") WHERE "qr_codes"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_gateway_ref_key" ON "qr_codes" USING btree ("bank_code","gateway_ref");--> statement-breakpoint
CREATE INDEX "qr_codes_open_expiry_idx" ON "qr_codes" USING btree ("expire_at") WHERE "qr_codes"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_feed_ref_key" ON "sandbox_bank_feed" USING btree ("sending_bank","trans_ref");--> statement-breakpoint
CREATE INDEX "sandbox_bank_feed_unprocessed_idx" ON "sandbox_bank_feed" USING btree ("visible_at") WHERE "sandbox_bank_feed"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_truemoney_unprocessed_idx" ON "sandbox_truemoney" USING btree ("created_at") WHERE "sandbox_truemoney"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "slips_member_idx" ON "slips" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "slips_due_idx" ON "slips" USING btree ("next_check_at") WHERE "slips"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_due_idx" ON "withdrawals" USING btree ("updated_at") WHERE "withdrawals"."status" = 'APPROVED';