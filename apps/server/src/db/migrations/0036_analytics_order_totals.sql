ALTER TABLE "analytics_order_items" ADD COLUMN "is_order_lead" boolean;--> statement-breakpoint
ALTER TABLE "analytics_order_items" ADD COLUMN "order_sold" integer;--> statement-breakpoint
ALTER TABLE "analytics_order_items" ADD COLUMN "order_products" integer;--> statement-breakpoint
CREATE INDEX "analytics_order_items_order_leads" ON "analytics_order_items" USING btree ("store_id","placed_at") WHERE "analytics_order_items"."is_order_lead";--> statement-breakpoint
-- Issue 14: every item row carries its order's units sold and products sold, and one row per
-- order is its lead, so the views that need an order's totals (items per basket, cross-selling)
-- read them without grouping the items by order.
CREATE OR REPLACE FUNCTION analytics_refresh_order_items(order_ids text[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
  SELECT 1 FROM sales_orders WHERE id IN (SELECT unnest(order_ids)) ORDER BY id FOR UPDATE;
  DELETE FROM analytics_order_items WHERE order_id IN (SELECT unnest(order_ids));
  INSERT INTO analytics_order_items (order_id, product, variant, store_id, customer_id, placed_at,
    currency_code, time_zone, day, is_refunded_in_full, sku, variant_title, sold, returned, kept_value,
    returned_value, is_product_lead, product_sold, product_returned, is_variant_lead,
    variant_sold, variant_returned, is_order_lead, order_sold, order_products)
  SELECT w.*,
    row_number() OVER (PARTITION BY w.order_id
      ORDER BY w.product COLLATE "C", w.variant COLLATE "C") = 1,
    sum(w.sold) OVER (PARTITION BY w.order_id),
    count(*) FILTER (WHERE w.is_product_lead AND w.product_sold > 0) OVER (PARTITION BY w.order_id)
  FROM (
  SELECT g.order_id, g.product, g.variant, g.store_id, g.customer_id, g.placed_at,
    g.currency_code, g.time_zone, g.day, g.is_refunded_in_full, g.sku, g.variant_title, g.sold, g.returned,
    g.kept_value, g.returned_value,
    row_number() OVER (PARTITION BY g.order_id, g.product ORDER BY g.variant COLLATE "C") = 1
      AS is_product_lead,
    sum(g.sold) OVER (PARTITION BY g.order_id, g.product) AS product_sold,
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
  ) g
  ) w;
$$;
--> statement-breakpoint
-- The backfill changes nothing analytics_product_days sums: its trigger sits this one out.
ALTER TABLE analytics_order_items DISABLE TRIGGER analytics_product_days_items_update;
--> statement-breakpoint
UPDATE analytics_order_items i SET is_order_lead = t.is_order_lead, order_sold = t.order_sold,
  order_products = t.order_products
FROM (
  SELECT order_id, product, variant,
    row_number() OVER (PARTITION BY order_id
      ORDER BY product COLLATE "C", variant COLLATE "C") = 1 AS is_order_lead,
    sum(sold) OVER (PARTITION BY order_id) AS order_sold,
    count(*) FILTER (WHERE is_product_lead AND product_sold > 0) OVER (PARTITION BY order_id)
      AS order_products
  FROM analytics_order_items
) t
WHERE t.order_id = i.order_id AND t.product = i.product AND t.variant = i.variant;
--> statement-breakpoint
ALTER TABLE analytics_order_items ENABLE TRIGGER analytics_product_days_items_update;
--> statement-breakpoint
ANALYZE analytics_order_items;
