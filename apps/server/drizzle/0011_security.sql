CREATE TABLE "login_failures" (
	"account" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_failures_account_source_pk" PRIMARY KEY("account","source")
);
--> statement-breakpoint
CREATE TABLE "deposit_reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"member_id" bigint,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "credential_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "credential_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_uploads" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "chat_uploads" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "deposit_reviews" ADD CONSTRAINT "deposit_reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("account","last_failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_reviews_ref" ON "deposit_reviews" USING btree ("kind","ref");--> statement-breakpoint
CREATE INDEX "deposit_reviews_waiting_idx" ON "deposit_reviews" USING btree ("created_at") WHERE "deposit_reviews"."status" = 'WAITING';--> statement-breakpoint
CREATE INDEX "chat_uploads_ip_idx" ON "chat_uploads" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "chat_uploads_unused_idx" ON "chat_uploads" USING btree ("created_at") WHERE "chat_uploads"."message_id" is null;--> statement-breakpoint
UPDATE "chat_uploads" SET "message_id" = (SELECT min(m."id") FROM "chat_messages" m WHERE m."conversation_id" = "chat_uploads"."conversation_id" AND m."payload"::text LIKE '%' || "chat_uploads"."name" || '%');--> statement-breakpoint
UPDATE "members" SET "phone_verified_at" = o."consumed_at" FROM "otp_requests" o WHERE o."phone" = "members"."username" AND o."consumed_at" IS NOT NULL;
