CREATE TABLE "demo_provider_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_provider_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"reels" text NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_provider_players" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_provider_players_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_code" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"form_state" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_provider_players_balance" CHECK ("demo_provider_players"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "demo_provider_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_provider_sessions_kind" CHECK ("demo_provider_sessions"."kind" in ('LAUNCH', 'PLAY'))
);
--> statement-breakpoint
CREATE TABLE "demo_provider_transfers" (
	"game_code" text NOT NULL,
	"transfer_id" text NOT NULL,
	"player_id" bigint,
	"kind" text,
	"amount" bigint,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_provider_transfers_game_code_transfer_id_pk" PRIMARY KEY("game_code","transfer_id"),
	CONSTRAINT "demo_provider_transfers_state" CHECK ("demo_provider_transfers"."state" in ('APPLIED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "demo_provider_bets" ADD CONSTRAINT "demo_provider_bets_player_id_demo_provider_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."demo_provider_players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_provider_sessions" ADD CONSTRAINT "demo_provider_sessions_player_id_demo_provider_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."demo_provider_players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_provider_transfers" ADD CONSTRAINT "demo_provider_transfers_player_id_demo_provider_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."demo_provider_players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_provider_bets_player_idx" ON "demo_provider_bets" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_provider_players_game_username_key" ON "demo_provider_players" USING btree ("game_code","username");--> statement-breakpoint
CREATE INDEX "demo_provider_sessions_player_idx" ON "demo_provider_sessions" USING btree ("player_id");