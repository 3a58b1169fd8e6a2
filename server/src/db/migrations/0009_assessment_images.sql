CREATE TABLE "assessment_images" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"assessment_id" uuid,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_images" ADD CONSTRAINT "assessment_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_images" ADD CONSTRAINT "assessment_images_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_images_user_id_idx" ON "assessment_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assessment_images_assessment_id_idx" ON "assessment_images" USING btree ("assessment_id");