import { z } from 'zod';
import {
  CANCEL_STATES,
  FINANCIAL_STATUSES,
  FULFILLMENT_STATES,
  ORDER_ORIGINS,
  ORDER_SORTS,
  ORDER_TABS,
  PRODUCTION_STATUSES,
} from './order-values';

export const OrderOriginSchema = z.enum(ORDER_ORIGINS);
export const ProductionStatusSchema = z.enum(PRODUCTION_STATUSES);
export const CancelStateSchema = z.enum(CANCEL_STATES);
export const FulfillmentStateSchema = z.enum(FULFILLMENT_STATES);
export const FinancialStatusSchema = z.enum(FINANCIAL_STATUSES);
export const OrderTabSchema = z.enum(ORDER_TABS);
export const OrderSortSchema = z.enum(ORDER_SORTS);
