CREATE TABLE "restablecimientos_password" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"operador" text NOT NULL,
	"usuario_ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "restablecimientos_password_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "restablecimientos_password_operador_chk" CHECK ("restablecimientos_password"."operador" in ('Empleado','Proveedor'))
);
--> statement-breakpoint
CREATE INDEX "restablecimientos_password_usuario_idx" ON "restablecimientos_password" USING btree ("operador","usuario_ref");