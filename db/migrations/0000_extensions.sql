-- Search needs trigram similarity and accent folding. Both extensions are "trusted" since PostgreSQL 13,
-- so the database owner can create them without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); generated columns and indexes need IMMUTABLE.
-- Naming the dictionary explicitly makes the wrapper safe to mark immutable.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
