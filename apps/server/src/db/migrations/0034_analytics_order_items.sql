CREATE TABLE "analytics_order_items" (
	"order_id" text NOT NULL,
	"product" text NOT NULL,
	"variant" text NOT NULL,
	"store_id" text NOT NULL,
	"customer_id" text,
	"placed_at" timestamp with time zone NOT NULL,
	"currency_code" text NOT NULL,
	"is_refunded_in_full" boolean NOT NULL,
	"sku" text,
	"variant_title" text,
	"sold" integer NOT NULL,
	"returned" integer NOT NULL,
	"kept_value" double precision NOT NULL,
	"returned_value" double precision NOT NULL,
	"is_product_lead" boolean NOT NULL,
	"product_sold" integer NOT NULL,
	"product_returned" integer NOT NULL,
	"is_variant_lead" boolean NOT NULL,
	"variant_sold" integer NOT NULL,
	"variant_returned" integer NOT NULL,
	CONSTRAINT "analytics_order_items_order_id_product_variant_pk" PRIMARY KEY("order_id","product","variant")
);
--> statement-breakpoint
CREATE INDEX "analytics_order_items_store_placed" ON "analytics_order_items" USING btree ("store_id","placed_at");--> statement-breakpoint
-- Issue 14: analytics_order_items is kept right by the database on every write of the order
-- tables (the application never writes it). analytics_refresh_order_items recomputes the rows of
-- the given orders (looked up by index, one by one: `IN (SELECT unnest(…))`, never a scan
-- that tests every row against the array) from their lines, their refunds and the order itself; the statement-level
-- triggers below call it with the orders each INSERT, UPDATE or DELETE touched. The orders are
-- locked first (in id order), so two transactions never recompute the same order at once.
CREATE FUNCTION analytics_refresh_order_items(order_ids text[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
  SELECT 1 FROM sales_orders WHERE id IN (SELECT unnest(order_ids)) ORDER BY id FOR UPDATE;
  DELETE FROM analytics_order_items WHERE order_id IN (SELECT unnest(order_ids));
  INSERT INTO analytics_order_items (order_id, product, variant, store_id, customer_id, placed_at,
    currency_code, is_refunded_in_full, sku, variant_title, sold, returned, kept_value,
    returned_value, is_product_lead, product_sold, product_returned, is_variant_lead,
    variant_sold, variant_returned)
  SELECT g.order_id, g.product, g.variant, g.store_id, g.customer_id, g.placed_at,
    g.currency_code, g.is_refunded_in_full, g.sku, g.variant_title, g.sold, g.returned,
    g.kept_value, g.returned_value,
    row_number() OVER (PARTITION BY g.order_id, g.product ORDER BY g.variant COLLATE "C") = 1,
    sum(g.sold) OVER (PARTITION BY g.order_id, g.product),
    sum(g.returned) OVER (PARTITION BY g.order_id, g.product),
    row_number() OVER (PARTITION BY g.order_id, g.variant ORDER BY g.product COLLATE "C") = 1,
    sum(g.sold) OVER (PARTITION BY g.order_id, g.variant),
    sum(g.returned) OVER (PARTITION BY g.order_id, g.variant)
  FROM (
    SELECT u.order_id, u.product, u.variant, min(u.store_id) AS store_id,
      min(u.customer_id) AS customer_id, min(u.placed_at) AS placed_at,
      min(u.currency_code) AS currency_code, bool_or(u.is_refunded_in_full) AS is_refunded_in_full,
      min(u.sku) AS sku, min(u.variant_title) AS variant_title,
      sum(u.sold)::int AS sold, sum(u.returned)::int AS returned,
      sum((u.sold - u.returned) * u.unit_value)::float8 AS kept_value,
      sum(u.returned * u.unit_value)::float8 AS returned_value
    FROM (
      SELECT l.order_id, l.title AS product,
        coalesce(l.sku, l.title || coalesce(' / ' || l.variant_title, '')) AS variant,
        o.store_id, o.customer_id, o.placed_at, o.currency_code,
        (coalesce(r.refunded, 0) > 0 AND coalesce(r.refunded, 0) >= o.total) AS is_refunded_in_full,
        l.sku, l.variant_title,
        (l.quantity - l.canceled_quantity) AS sold,
        least(greatest(least(coalesce(rl.refunded, 0), l.quantity) - l.canceled_quantity, 0),
          l.quantity - l.canceled_quantity) AS returned,
        CASE WHEN l.quantity > 0
          THEN (l.quantity * l.unit_price - l.discount)::float8 / l.quantity ELSE 0 END AS unit_value
      FROM sales_order_lines l
      JOIN sales_orders o ON o.id = l.order_id AND o.cancel_state <> 'CANCELED'
      LEFT JOIN (
        SELECT x.line_id, sum(x.quantity) AS refunded FROM sales_refund_lines x
        JOIN sales_refunds rf ON rf.id = x.refund_id
        WHERE rf.order_id IN (SELECT unnest(order_ids)) GROUP BY x.line_id
      ) rl ON rl.line_id = l.id
      LEFT JOIN (
        SELECT rf.order_id, sum(rf.amount) AS refunded FROM sales_refunds rf
        WHERE rf.order_id IN (SELECT unnest(order_ids)) GROUP BY rf.order_id
      ) r ON r.order_id = o.id
      WHERE l.order_id IN (SELECT unnest(order_ids))
    ) u
    GROUP BY u.order_id, u.product, u.variant
  ) g;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_order_items_after_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_refresh_order_items(ARRAY(SELECT DISTINCT order_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_refresh_order_items(
      ARRAY(SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows));
  ELSE
    PERFORM analytics_refresh_order_items(ARRAY(SELECT DISTINCT order_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_lines_insert AFTER INSERT ON sales_order_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_lines();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_lines_update AFTER UPDATE ON sales_order_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_lines();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_lines_delete AFTER DELETE ON sales_order_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_lines();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_refunds_insert AFTER INSERT ON sales_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_lines();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_refunds_update AFTER UPDATE ON sales_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_lines();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_refunds_delete AFTER DELETE ON sales_refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_lines();
--> statement-breakpoint
-- A refund's lines name their order through the refund (gone already when the refund itself was
-- deleted: its own trigger recomputed the order).
CREATE FUNCTION analytics_order_items_after_refund_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_refresh_order_items(ARRAY(SELECT DISTINCT rf.order_id FROM new_rows n
      JOIN sales_refunds rf ON rf.id = n.refund_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_refresh_order_items(ARRAY(SELECT DISTINCT rf.order_id FROM sales_refunds rf
      WHERE rf.id IN (SELECT refund_id FROM new_rows UNION SELECT refund_id FROM old_rows)));
  ELSE
    PERFORM analytics_refresh_order_items(ARRAY(SELECT DISTINCT rf.order_id FROM old_rows o
      JOIN sales_refunds rf ON rf.id = o.refund_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_refund_lines_insert AFTER INSERT ON sales_refund_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_refund_lines();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_refund_lines_update AFTER UPDATE ON sales_refund_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_refund_lines();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_refund_lines_delete AFTER DELETE ON sales_refund_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_refund_lines();
--> statement-breakpoint
-- An order's own columns that the rows carry or depend on: only the orders where one changed.
CREATE FUNCTION analytics_order_items_after_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM analytics_refresh_order_items(ARRAY(SELECT n.id FROM new_rows n
      JOIN old_rows o ON o.id = n.id
      WHERE (n.store_id, n.customer_id, n.placed_at, n.currency_code, n.cancel_state, n.total)
        IS DISTINCT FROM (o.store_id, o.customer_id, o.placed_at, o.currency_code, o.cancel_state,
          o.total)));
  ELSE
    DELETE FROM analytics_order_items WHERE order_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_orders_update AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_orders();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_orders_delete AFTER DELETE ON sales_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_order_items_after_orders();
--> statement-breakpoint
SELECT analytics_refresh_order_items(ARRAY(SELECT id FROM sales_orders));
--> statement-breakpoint
ANALYZE analytics_order_items;
