CREATE SEQUENCE "erp_mock"."documento_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "erp_mock"."entradas" ADD COLUMN "version" bigint DEFAULT nextval('erp_mock.documento_version') NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."pedidos" ADD COLUMN "version" bigint DEFAULT nextval('erp_mock.documento_version') NOT NULL;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): a document gets a new version whenever its header or
-- any of its lines changes, so a row cached under (bd, doc_entry, version) is never served after a change.
CREATE FUNCTION "erp_mock"."nueva_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('erp_mock.documento_version');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pedidos_version" BEFORE UPDATE ON "erp_mock"."pedidos"
  FOR EACH ROW EXECUTE FUNCTION "erp_mock"."nueva_version"();--> statement-breakpoint
CREATE TRIGGER "entradas_version" BEFORE UPDATE ON "erp_mock"."entradas"
  FOR EACH ROW EXECUTE FUNCTION "erp_mock"."nueva_version"();--> statement-breakpoint
-- Lines: one statement-level trigger per event (transition tables allow one event each) touches the headers
-- of the documents whose lines were inserted, updated or deleted; the header trigger above stamps them.
-- TG_ARGV[0] is the header table. Line keys (bd, doc_entry) never change, so NEW rows name the documents.
CREATE FUNCTION "erp_mock"."partidas_cambiaron"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('UPDATE erp_mock.%I SET version = 0', TG_ARGV[0]);
  ELSE
    EXECUTE format(
      'UPDATE erp_mock.%I d SET version = 0 FROM (SELECT DISTINCT bd, doc_entry FROM partidas) c '
      'WHERE d.bd = c.bd AND d.doc_entry = c.doc_entry', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pedido_lineas_insert" AFTER INSERT ON "erp_mock"."pedido_lineas" REFERENCING NEW TABLE AS partidas
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."partidas_cambiaron"('pedidos');--> statement-breakpoint
CREATE TRIGGER "pedido_lineas_update" AFTER UPDATE ON "erp_mock"."pedido_lineas" REFERENCING NEW TABLE AS partidas
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."partidas_cambiaron"('pedidos');--> statement-breakpoint
CREATE TRIGGER "pedido_lineas_delete" AFTER DELETE ON "erp_mock"."pedido_lineas" REFERENCING OLD TABLE AS partidas
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."partidas_cambiaron"('pedidos');--> statement-breakpoint
CREATE TRIGGER "pedido_lineas_truncate" AFTER TRUNCATE ON "erp_mock"."pedido_lineas"
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."partidas_cambiaron"('pedidos');--> statement-breakpoint
CREATE TRIGGER "entrada_lineas_insert" AFTER INSERT ON "erp_mock"."entrada_lineas" REFERENCING NEW TABLE AS partidas
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."partidas_cambiaron"('entradas');--> statement-breakpoint
CREATE TRIGGER "entrada_lineas_update" AFTER UPDATE ON "erp_mock"."entrada_lineas" REFERENCING NEW TABLE AS partidas
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."partidas_cambiaron"('entradas');--> statement-breakpoint
CREATE TRIGGER "entrada_lineas_delete" AFTER DELETE ON "erp_mock"."entrada_lineas" REFERENCING OLD TABLE AS partidas
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."partidas_cambiaron"('entradas');--> statement-breakpoint
CREATE TRIGGER "entrada_lineas_truncate" AFTER TRUNCATE ON "erp_mock"."entrada_lineas"
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."partidas_cambiaron"('entradas');
