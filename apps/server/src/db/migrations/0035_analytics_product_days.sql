CREATE TABLE "analytics_product_days" (
	"store_id" text NOT NULL,
	"currency_code" text NOT NULL,
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"product" text NOT NULL,
	"variant" text NOT NULL,
	"sku" text,
	"variant_title" text,
	"sold" integer NOT NULL,
	"returned" integer NOT NULL,
	"kept_value" double precision NOT NULL,
	"returned_value" double precision NOT NULL,
	"product_orders" integer NOT NULL,
	"product_return_orders" integer NOT NULL,
	"variant_orders" integer NOT NULL,
	"variant_return_orders" integer NOT NULL,
	CONSTRAINT "analytics_product_days_pk" PRIMARY KEY("store_id","currency_code","time_zone","day","product","variant")
);
--> statement-breakpoint
ALTER TABLE "analytics_order_items" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "analytics_order_items" ADD COLUMN "day" date;--> statement-breakpoint
CREATE INDEX "analytics_order_items_store_day" ON "analytics_order_items" USING btree ("store_id","day");--> statement-breakpoint
-- Issue 14: the order items carry their order's time zone and local day (null when PostgreSQL
-- does not know the zone: a zone is tested once per statement, never per row), and
-- analytics_product_days sums them per day, product and variant. The sums are kept by deltas: a
-- statement-level trigger on analytics_order_items adds its inserted rows and subtracts its deleted
-- ones (the order-items refresh deletes and re-inserts an order's rows), upserting in key order so
-- two transactions never wait on each other's rows in opposite orders. No lock on a whole day:
-- orders of the same day written at once do not queue. A row whose items are all gone stays, at
-- zero, and adds nothing (an order's refresh deletes and re-inserts its items: deleting rows at
-- zero on the way would cost more than it saves).
CREATE FUNCTION analytics_is_time_zone(zone text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone;
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_refresh_order_items(order_ids text[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
  SELECT 1 FROM sales_orders WHERE id IN (SELECT unnest(order_ids)) ORDER BY id FOR UPDATE;
  DELETE FROM analytics_order_items WHERE order_id IN (SELECT unnest(order_ids));
  INSERT INTO analytics_order_items (order_id, product, variant, store_id, customer_id, placed_at,
    currency_code, time_zone, day, is_refunded_in_full, sku, variant_title, sold, returned, kept_value,
    returned_value, is_product_lead, product_sold, product_returned, is_variant_lead,
    variant_sold, variant_returned)
  SELECT g.order_id, g.product, g.variant, g.store_id, g.customer_id, g.placed_at,
    g.currency_code, g.time_zone, g.day, g.is_refunded_in_full, g.sku, g.variant_title, g.sold, g.returned,
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
      min(u.currency_code) AS currency_code, min(u.time_zone) AS time_zone, min(u.day) AS day,
      bool_or(u.is_refunded_in_full) AS is_refunded_in_full,
      min(u.sku) AS sku, min(u.variant_title) AS variant_title,
      sum(u.sold)::int AS sold, sum(u.returned)::int AS returned,
      sum((u.sold - u.returned) * u.unit_value)::float8 AS kept_value,
      sum(u.returned * u.unit_value)::float8 AS returned_value
    FROM (
      SELECT l.order_id, l.title AS product,
        coalesce(l.sku, l.title || coalesce(' / ' || l.variant_title, '')) AS variant,
        o.store_id, o.customer_id, o.placed_at, o.currency_code, o.time_zone,
        CASE WHEN z.known THEN (o.placed_at AT TIME ZONE o.time_zone)::date END AS day,
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
      LEFT JOIN (
        SELECT zs.zone, analytics_is_time_zone(zs.zone) AS known FROM (
          SELECT DISTINCT time_zone AS zone FROM sales_orders WHERE id IN (SELECT unnest(order_ids))
        ) zs
      ) z ON z.zone = o.time_zone
      WHERE l.order_id IN (SELECT unnest(order_ids))
    ) u
    GROUP BY u.order_id, u.product, u.variant
  ) g;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_order_items_after_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM analytics_refresh_order_items(ARRAY(SELECT n.id FROM new_rows n
      JOIN old_rows o ON o.id = n.id
      WHERE (n.store_id, n.customer_id, n.placed_at, n.currency_code, n.time_zone, n.cancel_state,
          n.total)
        IS DISTINCT FROM (o.store_id, o.customer_id, o.placed_at, o.currency_code, o.time_zone,
          o.cancel_state, o.total)));
  ELSE
    DELETE FROM analytics_order_items WHERE order_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE analytics_order_items i SET time_zone = o.time_zone,
  day = CASE WHEN z.known THEN (i.placed_at AT TIME ZONE o.time_zone)::date END
FROM sales_orders o
JOIN (
  SELECT zs.zone, analytics_is_time_zone(zs.zone) AS known
  FROM (SELECT DISTINCT time_zone AS zone FROM sales_orders) zs
) z ON z.zone = o.time_zone
WHERE o.id = i.order_id;
--> statement-breakpoint
CREATE FUNCTION analytics_product_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows as deltas: inserted ones added, deleted ones subtracted.
  added constant text := 'SELECT store_id, currency_code, time_zone, day, product, variant, sku,
      variant_title, sold, returned, kept_value, returned_value,
      (is_product_lead AND product_sold > 0)::int AS product_orders,
      (is_product_lead AND product_returned > 0)::int AS product_return_orders,
      (is_variant_lead AND variant_sold > 0)::int AS variant_orders,
      (is_variant_lead AND variant_returned > 0)::int AS variant_return_orders
    FROM new_rows WHERE day IS NOT NULL';
  removed constant text := 'SELECT store_id, currency_code, time_zone, day, product, variant,
      NULL::text AS sku, NULL::text AS variant_title, -sold AS sold, -returned AS returned,
      -kept_value AS kept_value, -returned_value AS returned_value,
      -(is_product_lead AND product_sold > 0)::int AS product_orders,
      -(is_product_lead AND product_returned > 0)::int AS product_return_orders,
      -(is_variant_lead AND variant_sold > 0)::int AS variant_orders,
      -(is_variant_lead AND variant_returned > 0)::int AS variant_return_orders
    FROM old_rows WHERE day IS NOT NULL';
  deltas text := CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed
    ELSE added || ' UNION ALL ' || removed END;
BEGIN
  EXECUTE 'INSERT INTO analytics_product_days AS d
    SELECT store_id, currency_code, time_zone, day, product, variant, min(sku), min(variant_title),
      sum(sold), sum(returned), sum(kept_value), sum(returned_value), sum(product_orders),
      sum(product_return_orders), sum(variant_orders), sum(variant_return_orders)
    FROM (' || deltas || ') delta
    GROUP BY store_id, currency_code, time_zone, day, product, variant
    ORDER BY store_id, currency_code, time_zone, day, product, variant
    ON CONFLICT (store_id, currency_code, time_zone, day, product, variant) DO UPDATE SET
      sku = coalesce(least(d.sku, excluded.sku), d.sku, excluded.sku),
      variant_title = coalesce(least(d.variant_title, excluded.variant_title), d.variant_title,
        excluded.variant_title),
      sold = d.sold + excluded.sold, returned = d.returned + excluded.returned,
      kept_value = d.kept_value + excluded.kept_value,
      returned_value = d.returned_value + excluded.returned_value,
      product_orders = d.product_orders + excluded.product_orders,
      product_return_orders = d.product_return_orders + excluded.product_return_orders,
      variant_orders = d.variant_orders + excluded.variant_orders,
      variant_return_orders = d.variant_return_orders + excluded.variant_return_orders';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_product_days_items_insert AFTER INSERT ON analytics_order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_product_days_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_product_days_items_update AFTER UPDATE ON analytics_order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_product_days_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_product_days_items_delete AFTER DELETE ON analytics_order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_product_days_apply();
--> statement-breakpoint
INSERT INTO analytics_product_days
SELECT store_id, currency_code, time_zone, day, product, variant, min(sku), min(variant_title),
  sum(sold), sum(returned), sum(kept_value), sum(returned_value),
  count(*) FILTER (WHERE is_product_lead AND product_sold > 0),
  count(*) FILTER (WHERE is_product_lead AND product_returned > 0),
  count(*) FILTER (WHERE is_variant_lead AND variant_sold > 0),
  count(*) FILTER (WHERE is_variant_lead AND variant_returned > 0)
FROM analytics_order_items WHERE day IS NOT NULL
GROUP BY store_id, currency_code, time_zone, day, product, variant;
--> statement-breakpoint
ANALYZE analytics_order_items;
--> statement-breakpoint
ANALYZE analytics_product_days;
