-- Issue 14 "Performance": the product leads (one row per order and product with units sold) of
-- a store's products in its main currency, by product and time, with the columns the pair views
-- read (cross-selling: the order and its products; follow-up purchases: the customer and whether
-- the order was refunded in full), so both find the orders of a few products in an index-only
-- scan instead of reading every item of the range. Drizzle's index builder has no INCLUDE, so
-- the index lives here only (analytics.table.ts says so).
CREATE INDEX "analytics_order_items_product_leads" ON "analytics_order_items"
  USING btree ("store_id", "currency_code", "product", "placed_at")
  INCLUDE ("order_id", "customer_id", "order_products", "is_refunded_in_full")
  WHERE "is_product_lead" AND "product_sold" > 0;
