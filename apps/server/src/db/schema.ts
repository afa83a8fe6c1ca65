export * from '../modules/identity/identity.table';
export * from '../modules/notifications/notification.table';
export * from '../modules/reference/reference.table';
export * from '../modules/catalog/category.table';
