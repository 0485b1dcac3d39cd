-- The global search (ADR 0066): each table's other matches newest first, ties by id, straight from
-- a btree (the list of students reads the same order), and the names and titles that match through
-- their own trigram indexes, without a pending list (PGlite has no autovacuum to flush one).
DROP INDEX "client_profiles_user_updated_idx";--> statement-breakpoint
DROP INDEX "works_user_updated_idx";--> statement-breakpoint
CREATE INDEX "client_profiles_user_updated_id_idx" ON "client_profiles" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "client_profiles_name_trgm_idx" ON "client_profiles" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "works_user_updated_id_idx" ON "works" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "works_title_trgm_idx" ON "works" USING gin (lower("title") gin_trgm_ops) WITH (fastupdate=false);