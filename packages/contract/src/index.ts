export * from './accounts';
export * from './apartments';
export * from './constants';
export * from './errors';
export * from './site';
export * from './routes';
export * from './leases';
export * from './payments';
