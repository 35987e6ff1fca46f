ALTER TABLE "chat_messages" ADD COLUMN "staff_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "chat_messages" SET "staff_id" = ("payload"->>'staffId')::bigint WHERE "sender" = 'agent' AND "payload" ? 'staffId';--> statement-breakpoint
UPDATE "chat_messages" SET "payload" = "payload" - 'staffId' WHERE "payload" ? 'staffId';
