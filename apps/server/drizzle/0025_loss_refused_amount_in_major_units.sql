-- A loss-limit refusal's amount was written in minor units, as a string, beside `remaining` in
-- major units: every amount of a protection event is now a number in major units of the member's currency.
UPDATE "protection_events" AS e
SET "detail" = jsonb_set(
  e."detail",
  '{amount}',
  to_jsonb(((e."detail"->>'amount')::numeric / CASE m."currency" WHEN 'LAK' THEN 1 ELSE 100 END)::float8)
)
FROM "members" AS m
WHERE m."id" = e."member_id"
  AND e."kind" = 'LOSS_LIMIT_REFUSED'
  AND jsonb_typeof(e."detail"->'amount') = 'string';
