CREATE TABLE "protection_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "protection_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_exclusions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "protection_exclusions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" bigint,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_exclusions_kind" CHECK ("protection_exclusions"."kind" in ('TIMEOUT', 'SELF_EXCLUSION'))
);
--> statement-breakpoint
CREATE TABLE "protection_limits" (
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_limits_member_id_kind_period_pk" PRIMARY KEY("member_id","kind","period"),
	CONSTRAINT "protection_limits_kind" CHECK ("protection_limits"."kind" in ('DEPOSIT', 'LOSS')),
	CONSTRAINT "protection_limits_period" CHECK ("protection_limits"."period" in ('DAY', 'WEEK', 'MONTH')),
	CONSTRAINT "protection_limits_amount" CHECK ("protection_limits"."amount" is null or "protection_limits"."amount" > 0),
	CONSTRAINT "protection_limits_pending" CHECK ("protection_limits"."pending_amount" is null or "protection_limits"."pending_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ops_approvals" DROP CONSTRAINT "ops_approvals_kind";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "reality_check_minutes" integer;--> statement-breakpoint
ALTER TABLE "deposit_references" ADD COLUMN "to_account_no" text;--> statement-breakpoint
ALTER TABLE "deposit_references" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_exclusions" ADD CONSTRAINT "protection_exclusions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_exclusions" ADD CONSTRAINT "protection_exclusions_ended_by_staff_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_limits" ADD CONSTRAINT "protection_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_events_member_idx" ON "protection_events" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "protection_events_kind_idx" ON "protection_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "protection_exclusions_member_idx" ON "protection_exclusions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "deposit_references_to_account_idx" ON "deposit_references" USING btree ("to_account_no","created_at") WHERE "deposit_references"."to_account_no" is not null;--> statement-breakpoint
ALTER TABLE "ops_approvals" ADD CONSTRAINT "ops_approvals_kind" CHECK ("ops_approvals"."kind" in ('credit', 'debit', 'bank-change', 'slip-credit'));