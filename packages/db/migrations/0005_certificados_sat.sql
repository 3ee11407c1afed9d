CREATE TABLE "certificados_sat" (
	"numero" text PRIMARY KEY NOT NULL,
	"der" "bytea" NOT NULL,
	"obtenido_at" timestamp with time zone NOT NULL
);
