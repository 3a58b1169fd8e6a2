CREATE TABLE "triage_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"profile" jsonb NOT NULL,
	"complaint" text NOT NULL,
	"answers" jsonb NOT NULL,
	"level" text NOT NULL,
	"result" jsonb NOT NULL,
	"knowledge_base_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "triage_assessments" ADD CONSTRAINT "triage_assessments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "triage_assessments_user_id_created_at_idx" ON "triage_assessments" USING btree ("user_id","created_at" DESC NULLS LAST);