CREATE TABLE "user_medicine_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"person" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_medicines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"medicine_id" uuid,
	"ingredients" jsonb NOT NULL,
	"strengths_mg" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"doses_per_day" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_medicine_profiles" ADD CONSTRAINT "user_medicine_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_medicines" ADD CONSTRAINT "user_medicines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_medicines" ADD CONSTRAINT "user_medicines_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_medicines_user_id_idx" ON "user_medicines" USING btree ("user_id");