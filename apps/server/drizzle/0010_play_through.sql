CREATE TABLE "member_turnover" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_turnover_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"valid_bet" bigint NOT NULL,
	"bets" integer NOT NULL,
	"played" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_turnover_amounts" CHECK ("member_turnover"."valid_bet" >= 0 and "member_turnover"."played" >= 0 and "member_turnover"."played" <= "member_turnover"."valid_bet")
);
--> statement-breakpoint
CREATE TABLE "turnover_cursors" (
	"game_code" text PRIMARY KEY NOT NULL,
	"synced_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_grants" DROP CONSTRAINT "coin_grants_pkey";--> statement-breakpoint
ALTER TABLE "coin_grants" ALTER COLUMN "deposit_transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invite_earnings" ALTER COLUMN "deposit_transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "unplayed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "coin_progress" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "unplayed_part" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_grants" ADD COLUMN "id" bigint PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "coin_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "coin_grants" ADD COLUMN "turnover_id" bigint;--> statement-breakpoint
ALTER TABLE "invite_earnings" ADD COLUMN "turnover_id" bigint;--> statement-breakpoint
ALTER TABLE "member_turnover" ADD CONSTRAINT "member_turnover_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_turnover" ADD CONSTRAINT "member_turnover_game_code_games_code_fk" FOREIGN KEY ("game_code") REFERENCES "public"."games"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_cursors" ADD CONSTRAINT "turnover_cursors_game_code_games_code_fk" FOREIGN KEY ("game_code") REFERENCES "public"."games"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_turnover_range_key" ON "member_turnover" USING btree ("game_code","member_id","from_at");--> statement-breakpoint
CREATE INDEX "member_turnover_member_idx" ON "member_turnover" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "coin_grants" ADD CONSTRAINT "coin_grants_turnover_id_member_turnover_id_fk" FOREIGN KEY ("turnover_id") REFERENCES "public"."member_turnover"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_earnings" ADD CONSTRAINT "invite_earnings_turnover_id_member_turnover_id_fk" FOREIGN KEY ("turnover_id") REFERENCES "public"."member_turnover"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_member_created_idx" ON "withdrawals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_accounts_game_username_key" ON "game_accounts" USING btree ("game_code","username");--> statement-breakpoint
ALTER TABLE "coin_grants" ADD CONSTRAINT "coin_grants_deposit_transaction_id_unique" UNIQUE("deposit_transaction_id");--> statement-breakpoint
ALTER TABLE "coin_grants" ADD CONSTRAINT "coin_grants_turnover_id_unique" UNIQUE("turnover_id");--> statement-breakpoint
ALTER TABLE "invite_earnings" ADD CONSTRAINT "invite_earnings_turnover_id_unique" UNIQUE("turnover_id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_unplayed" CHECK ("members"."unplayed" >= 0);