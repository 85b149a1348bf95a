ALTER TABLE "hospitals" DROP CONSTRAINT "hospitals_fantasy_name_unique";--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "medic_id" integer;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "cnes" text;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "cnpj" text;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "name_city_key" text;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "created_by_id" integer;--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_medic_id_users_id_fk" FOREIGN KEY ("medic_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hospitals_shared_name_unique" ON "hospitals" USING btree ("fantasy_name") WHERE "hospitals"."medic_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "hospitals_office_name_city_unique" ON "hospitals" USING btree ("medic_id","name_city_key") WHERE "hospitals"."medic_id" is not null;