ALTER TABLE "games" ADD COLUMN "maintenance_message" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "is_featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_maintenance_message" CHECK ("games"."maintenance_message" is null or ("games"."is_enabled" and length(trim("games"."maintenance_message")) > 0));