CREATE TABLE "medicine_use_links" (
	"use_id" integer NOT NULL,
	"medicine_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"status_rank" integer NOT NULL,
	"group_key" text NOT NULL,
	"is_starter" boolean NOT NULL,
	CONSTRAINT "medicine_use_links_use_id_medicine_id_pk" PRIMARY KEY("use_id","medicine_id")
);
--> statement-breakpoint
CREATE TABLE "medicine_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" NOT NULL,
	CONSTRAINT "medicine_uses_text_unique" UNIQUE("text")
);
--> statement-breakpoint
CREATE TABLE "medicines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"source_kind" text NOT NULL,
	"name" text NOT NULL,
	"composition" text NOT NULL,
	"ingredients" text[] NOT NULL,
	"ingredient_key" text NOT NULL,
	"form" text NOT NULL,
	"uses" text NOT NULL,
	"uses_list" text[] NOT NULL,
	"side_effects" text NOT NULL,
	"manufacturer" text,
	"image_url" text,
	"prescription_status" text NOT NULL,
	"prescription_note" text NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"review_excellent" integer,
	"review_average" integer,
	"review_poor" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medicines_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "medicine_use_links" ADD CONSTRAINT "medicine_use_links_use_id_medicine_uses_id_fk" FOREIGN KEY ("use_id") REFERENCES "public"."medicine_uses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_use_links" ADD CONSTRAINT "medicine_use_links_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medicine_use_links_medicine_id_idx" ON "medicine_use_links" USING btree ("medicine_id");--> statement-breakpoint
CREATE INDEX "medicine_uses_search_idx" ON "medicine_uses" USING gin ("search");