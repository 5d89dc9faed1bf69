CREATE TABLE "auth_rule_sets" (
	"org_id" text PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every change of a program's rules moves its generation, in the change's own transaction: the
-- authorization reads the live rules again only when the generation it knows has moved
-- (server/controls/load.ts). TRUNCATE fires no row trigger, so it moves every program's.
CREATE OR REPLACE FUNCTION auth_rule_sets_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE auth_rule_sets SET generation = generation + 1;
    RETURN NULL;
  END IF;
  INSERT INTO auth_rule_sets AS s (org_id, generation)
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.org_id ELSE NEW.org_id END, 1)
    ON CONFLICT (org_id) DO UPDATE SET generation = s.generation + 1;
  IF TG_OP = 'UPDATE' AND OLD.org_id <> NEW.org_id THEN
    INSERT INTO auth_rule_sets AS s (org_id, generation) VALUES (OLD.org_id, 1)
      ON CONFLICT (org_id) DO UPDATE SET generation = s.generation + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER auth_rules_generation AFTER INSERT OR UPDATE OR DELETE ON "auth_rules"
  FOR EACH ROW EXECUTE FUNCTION auth_rule_sets_bump();--> statement-breakpoint
CREATE TRIGGER auth_rules_generation_truncate AFTER TRUNCATE ON "auth_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_rule_sets_bump();
