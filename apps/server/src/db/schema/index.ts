export * from './agreements';
export * from './announcements';
export * from './apartments';
export * from './coupons';
export * from './enums';
export * from './images';
export * from './payments';
export * from './users';
