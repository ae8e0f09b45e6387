export * from './accounts';
export * from './billing';
export * from './catalogue';
export * from './engagement';
export * from './learning';
export * from './reviews';
export * from './site';
export * from './storage';
