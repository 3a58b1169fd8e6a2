CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notice" text,
	"provider" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_passages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"source_kind" text NOT NULL,
	"topic" text NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"source_title" text NOT NULL,
	"source_url" text,
	"publisher" text NOT NULL,
	"credit" text,
	"head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', topic), 'A') || setweight(to_tsvector('english', question), 'B')) STORED NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', topic), 'A') || setweight(to_tsvector('english', question), 'B') || setweight(to_tsvector('english', left(body, 4000)), 'D')) STORED NOT NULL,
	CONSTRAINT "knowledge_passages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_user_id_updated_at_idx" ON "chat_conversations" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_id_created_at_idx" ON "chat_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_passages_head_idx" ON "knowledge_passages" USING gin ("head");--> statement-breakpoint
CREATE INDEX "knowledge_passages_search_idx" ON "knowledge_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_passages_source_kind_idx" ON "knowledge_passages" USING btree ("source_kind");