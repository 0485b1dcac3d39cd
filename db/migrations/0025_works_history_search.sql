ALTER TABLE "works" ADD COLUMN "history_search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "works_history_search_trgm_idx" ON "works" USING gin ("history_search_text" gin_trgm_ops);--> statement-breakpoint
-- Existing works: the distinct lines of their kept versions that the current text no longer has,
-- newest first, as the domain keeps them from now on (server/domain/works/works.ts historySearchTextOf).
UPDATE "works" AS w SET "history_search_text" = h.text
FROM (
  SELECT lines.work_id, left(string_agg(lines.line, E'\n' ORDER BY lines.newest DESC, lines.line), 20000) AS text
  FROM (
    SELECT v.work_id, lower(btrim(l.line)) AS line, max(v.number) AS newest
    FROM "work_versions" AS v CROSS JOIN LATERAL regexp_split_to_table(v.plain_text, E'\n+') AS l(line)
    GROUP BY v.work_id, lower(btrim(l.line))
  ) AS lines
  JOIN "works" AS cw ON cw.id = lines.work_id
  WHERE lines.line <> ''
    AND lines.line <> ALL (SELECT lower(btrim(c)) FROM regexp_split_to_table(cw.plain_text, E'\n+') AS c)
  GROUP BY lines.work_id
) AS h
WHERE w.id = h.work_id;
