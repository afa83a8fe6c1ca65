import { sql } from 'drizzle-orm';
import {
  columns,
  countedOrders,
  emptyBody,
  figure,
  instant,
  NO_ORDERS,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

/** The referring site's host, lower-cased, without scheme, `www.`, port or path (null when blank). */
const referringHost = sql`nullif(lower(regexp_replace(btrim(coalesce(referring_site, '')),
  '^([a-z][a-z0-9+.-]*://)?(www\\.)?([^/?#:]*).*$', '\\3', 'i')), '')`;

type ChannelRow = {
  site: string | null;
  source: string | null;
  orders: number;
  revenue: number;
  firstOrders: number;
};

/**
 * Counted orders of the range by referring host and UTM source (lower-cased, blank is null), with
 * how many were the customer's first order.
 */
const ordersByChannel = (scope: ViewScope, range: ViewRange) =>
  rowsOf<ChannelRow>(
    scope,
    sql`with firsts as (
        select distinct on (customer_id) id from ${countedOrders(scope, null)} f
        where customer_id is not null and placed_at < ${instant(range.end)}
        order by customer_id, placed_at, id)
      select ${referringHost} as site, nullif(lower(btrim(coalesce(utm_source, ''))), '') as source,
        count(*)::int as orders, coalesce(sum(revenue), 0)::float8 as revenue,
        (count(*) filter (where o.id in (select id from firsts)))::int as "firstOrders"
      from ${countedOrders(scope, range)} o
      group by 1, 2`,
  ).then((rows) =>
    rows.sort(
      (a, b) =>
        b.revenue - a.revenue ||
        b.orders - a.orders ||
        (channelLabel(a) < channelLabel(b) ? -1 : channelLabel(a) > channelLabel(b) ? 1 : 0),
    ),
  );

/** The label of a channel: its UTM source and referring site, or "Direct" when neither is known. */
const channelLabel = (row: Pick<ChannelRow, 'site' | 'source'>) =>
  row.site && row.source ? `${row.source} (${row.site})` : (row.source ?? row.site ?? 'Direct');

const directOf = (rows: ChannelRow[]) =>
  rows
    .filter((row) => row.site === null && row.source === null)
    .reduce((sum, row) => sum + row.orders, 0);

/** marketing-channels: orders and revenue by referring site and UTM source; direct when neither. */
const marketingChannels: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    ordersByChannel(scope, scope.range),
    scope.compare ? ordersByChannel(scope, scope.compare) : null,
  ]);
  const orders = rows.reduce((sum, row) => sum + row.orders, 0);
  const revenue = rows.reduce((sum, row) => sum + row.revenue, 0);
  const previousOrders = previous?.reduce((sum, row) => sum + row.orders, 0) ?? null;
  const figures = [
    figure('channels', 'Channels', 'integer', rows.length, previous?.length ?? null),
    figure('orders', 'Orders', 'integer', orders, previousOrders),
    figure(
      'directShare',
      'Direct share of orders',
      'percent',
      ratio(directOf(rows), orders),
      previous ? ratio(directOf(previous), previousOrders) : null,
    ),
  ];
  if (orders === 0) return emptyBody(NO_ORDERS, figures);
  return {
    empty: null,
    figures,
    charts: [
      {
        kind: 'treemap',
        key: 'revenue-by-channel',
        title: 'Revenue by channel',
        format: 'money',
        items: rows.map((row) => ({ name: channelLabel(row), value: row.revenue })),
      },
      seriesChart(
        'bar',
        'orders-by-channel',
        'Orders by channel',
        { label: 'Channel', format: 'text', values: rows.slice(0, 15).map(channelLabel) },
        [{ name: 'Orders', format: 'integer', values: rows.slice(0, 15).map((row) => row.orders) }],
      ),
    ],
    tables: [
      table(
        'channels',
        'Orders by referring site and UTM source',
        columns(
          ['channel', 'Channel', 'text'],
          ['site', 'Referring site', 'text'],
          ['source', 'UTM source', 'text'],
          ['orders', 'Orders', 'integer'],
          ['revenue', 'Revenue', 'money'],
          ['share', 'Share of revenue', 'percent'],
          ['aov', 'Average order value', 'money'],
          ['firstOrders', 'First orders', 'integer'],
        ),
        rows.map((row) => ({
          channel: channelLabel(row),
          site: row.site,
          source: row.source,
          orders: row.orders,
          revenue: row.revenue,
          share: ratio(row.revenue, revenue),
          aov: ratio(row.revenue, row.orders),
          firstOrders: row.firstOrders,
        })),
      ),
    ],
  };
};

/** Issue 14 marketing views (spec §2 Analytics routes), keyed by view. */
export const marketingViews: ViewComputers = { 'marketing-channels': marketingChannels };
