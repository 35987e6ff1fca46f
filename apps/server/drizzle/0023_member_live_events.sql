CREATE TABLE "member_live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_live_events_member_idx" ON "member_live_events" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_live_events_created_idx" ON "member_live_events" USING btree ("created_at");