-- A source's text becomes a stored text: older rows keep their string (Thai for every language).
ALTER TABLE "sources" ALTER COLUMN "description" SET DATA TYPE jsonb USING to_jsonb("description");
