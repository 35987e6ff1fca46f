CREATE TABLE "agreement_acceptances" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonuses" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"max_received" integer NOT NULL,
	"percent" integer NOT NULL,
	"max_bonus" bigint NOT NULL,
	"min_deposit" bigint NOT NULL,
	"turnover" integer NOT NULL,
	"percent_fail" integer NOT NULL,
	"banners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text DEFAULT 'BAHT' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_grants" (
	"deposit_transaction_id" bigint PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"spin_id" bigint NOT NULL,
	"wheel_id" bigint NOT NULL,
	"slice_code" text NOT NULL,
	"prize_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_conditions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_conditions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_code" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"bonus_amount" bigint NOT NULL,
	"start_credit" bigint NOT NULL,
	"target" bigint NOT NULL,
	"fail_below" bigint NOT NULL,
	"percent_fail" integer NOT NULL,
	"qualifying_deposit_id" bigint,
	"grant_transaction_id" bigint,
	"finish_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "credit_conditions_qualifying_deposit_id_unique" UNIQUE("qualifying_deposit_id")
);
--> statement-breakpoint
CREATE TABLE "invite_earnings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_earnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"referrer_id" bigint NOT NULL,
	"invitee_id" bigint NOT NULL,
	"deposit_transaction_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_earnings_deposit_transaction_id_unique" UNIQUE("deposit_transaction_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_uses" (
	"code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"condition_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_uses_code_member_id_pk" PRIMARY KEY("code","member_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"turnover" integer NOT NULL,
	"percent_fail" integer NOT NULL,
	"max_uses" integer,
	"currency" text DEFAULT 'BAHT' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"net_loss" bigint NOT NULL,
	"refund_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spin_slices" (
	"wheel_id" bigint NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"bg_color" text NOT NULL,
	"text_color" text NOT NULL,
	"html_description" text DEFAULT '' NOT NULL,
	"weight" integer NOT NULL,
	"prize_type" text NOT NULL,
	"prize_name" text DEFAULT '' NOT NULL,
	"prize_amount" bigint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spin_slices_wheel_id_code_pk" PRIMARY KEY("wheel_id","code")
);
--> statement-breakpoint
CREATE TABLE "spin_wheels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spin_wheels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"coin_per" bigint NOT NULL,
	"coupon_hours" integer DEFAULT 72 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"wheel_id" bigint NOT NULL,
	"slice_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_grants" ADD CONSTRAINT "coin_grants_deposit_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("deposit_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_grants" ADD CONSTRAINT "coin_grants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_spin_id_spins_id_fk" FOREIGN KEY ("spin_id") REFERENCES "public"."spins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_conditions" ADD CONSTRAINT "credit_conditions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_conditions" ADD CONSTRAINT "credit_conditions_qualifying_deposit_id_ledger_transactions_id_fk" FOREIGN KEY ("qualifying_deposit_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_conditions" ADD CONSTRAINT "credit_conditions_grant_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("grant_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_conditions" ADD CONSTRAINT "credit_conditions_finish_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("finish_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_earnings" ADD CONSTRAINT "invite_earnings_referrer_id_members_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_earnings" ADD CONSTRAINT "invite_earnings_invitee_id_members_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_earnings" ADD CONSTRAINT "invite_earnings_deposit_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("deposit_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_code_promotions_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promotions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_slices" ADD CONSTRAINT "spin_slices_wheel_id_spin_wheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."spin_wheels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_member_idx" ON "coupons" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_conditions_one_active_key" ON "credit_conditions" USING btree ("member_id") WHERE "credit_conditions"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "credit_conditions_member_kind_idx" ON "credit_conditions" USING btree ("member_id","kind","source_code","created_at");--> statement-breakpoint
CREATE INDEX "invite_earnings_referrer_idx" ON "invite_earnings" USING btree ("referrer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_member_period_key" ON "refunds" USING btree ("member_id","period_start");--> statement-breakpoint
CREATE INDEX "refunds_member_idx" ON "refunds" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "spins_member_idx" ON "spins" USING btree ("member_id","id");