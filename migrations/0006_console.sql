CREATE INDEX "cards_org_list_idx" ON "cards" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cards_org_status_idx" ON "cards" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "cards_org_type_idx" ON "cards" USING btree ("org_id","card_type","created_at","id");--> statement-breakpoint
CREATE INDEX "cards_org_last_four_idx" ON "cards" USING btree ("org_id","last_four");--> statement-breakpoint
CREATE INDEX "audit_org_target_idx" ON "audit_log" USING btree ("org_id","target_id","created_at");